import { Hono } from 'hono';
import { PASSWORD_UPDATED_PATH, TWO_STEP_FORM } from '../../../domain/auth/auth-form-result';
import { postLoginPath, readAuthForm, twoStepPath } from '../../../domain/auth/auth-forms';
import { drawRefusal, FORM_UNREADABLE, pageForm, refuseForm, type PageFormDeps } from '../../http/page-forms';

/**
 * The /auth page's forms without JavaScript (decision 035): each posts its fields, form-encoded,
 * to the page's own address (the browser never puts a password or a token in an address), with
 * the refusals of every page form (src/server/http/page-forms.ts). The fields are read with the
 * page's own checks (src/domain/auth/auth-forms.ts), then sent to the JSON endpoint the page's
 * code calls, through the app itself, so the same guards apply (the per-address rate limit, the
 * per-account back-off and mail limits, the input guard, better-auth's own rules). A sign-in answers 303 to the next page with the session cookie; a
 * new password 303 to the Log In tab; a registration or a reset request draws the page's
 * "check your inbox" view; a refusal draws the form again with the message the page's code
 * would show (the email kept, the passwords never sent back).
 */
export function authFormRoutes(deps: PageFormDeps) {
  const app = new Hono();
  app.post(
    '/auth',
    pageForm(deps, async (c, fields) => {
      const query = new URL(c.req.url).searchParams;
      const reading = readAuthForm(fields, query);
      if (reading.kind === 'unknown') return refuseForm(c, FORM_UNREADABLE, 400);
      if (reading.kind === 'invalid') return deps.sendPage(c, { status: 422, formResult: reading.result });

      const { form, values } = reading;
      const res = await deps.callApi(c, reading.call);
      if (res.ok) {
        if (form === 'login' || form === 'new-password' || form === TWO_STEP_FORM) {
          // A right password with two-step sign-in on: the code step (decision 050), its cookie set.
          const twoStepNext = form === 'login' && (await asksForCode(res));
          const to = form === 'new-password' ? PASSWORD_UPDATED_PATH : twoStepNext ? twoStepPath(query.get('next')) : postLoginPath(query.get('next'));
          const answer = c.redirect(to, 303);
          for (const cookie of res.headers.getSetCookie()) answer.headers.append('set-cookie', cookie);
          return answer;
        }
        return deps.sendPage(c, { formResult: { form, outcome: 'sent', values } });
      }
      return drawRefusal(c, deps, res, (refusal) => ({ form, outcome: 'refused', values, refusal }));
    }),
  );
  return app;
}

/** Whether a sign-in's answer says the authenticator code comes next (better-auth's twoFactorRedirect). */
async function asksForCode(res: Response): Promise<boolean> {
  try {
    return ((await res.clone().json()) as { twoFactorRedirect?: unknown } | null)?.twoFactorRedirect === true;
  } catch {
    return false;
  }
}
