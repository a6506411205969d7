import { Hono } from 'hono';
import { EMAIL_CHANGE_FORMS, type EmailChangeAction } from '../../../domain/accounts/email-change-form';
import type { EmailChangeConfirmed } from '../../../domain/accounts/email-change';
import { PAGE_FORM_FIELD } from '../../../domain/rendering/page-form';
import { drawRefusal, FORM_UNREADABLE, pageForm, refuseForm, type PageFormDeps } from '../../http/page-forms';

/**
 * The email-change links' pages without JavaScript (decisions 051 and 035): the one button of
 * /email-change/confirm/:token and /email-change/undo/:token posts, form-encoded, to the page's
 * own address (the token stays in the path it came in). The request the page's code would send,
 * `POST /api/email-change/{confirm,undo} {token}`, goes through the app itself as the visitor, so
 * every guard of that endpoint applies; the page is drawn again with the address it answered, or
 * with its refusal in the words the page's code would show.
 */
export function emailChangeFormRoutes(deps: PageFormDeps) {
  const app = new Hono();
  for (const action of Object.keys(EMAIL_CHANGE_FORMS) as EmailChangeAction[]) {
    const form = EMAIL_CHANGE_FORMS[action];
    app.post(
      `/email-change/${action}/:token`,
      pageForm(deps, async (c, fields) => {
        if (fields.get(PAGE_FORM_FIELD) !== form) return refuseForm(c, FORM_UNREADABLE, 400);
        const res = await deps.callApi(c, { path: `/api/email-change/${action}`, body: { token: c.req.param('token') } });
        if (!res.ok) return drawRefusal(c, deps, res, (refusal) => ({ form, outcome: 'refused', refusal }));
        // Both answers name the account's address now (the undo's also says every session ended).
        const { email } = (await res.json()) as EmailChangeConfirmed;
        return deps.sendPage(c, { formResult: { form, outcome: 'done', email } });
      }),
    );
  }
  return app;
}
