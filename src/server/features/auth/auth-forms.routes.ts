import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PASSWORD_UPDATED_PATH, TWO_STEP_FORM, type AuthFormResult } from '../../../domain/auth/auth-form-result';
import { postLoginPath, readAuthForm, twoStepPath, type AuthFormCall } from '../../../domain/auth/auth-forms';
import { translateMessage } from '../../../domain/i18n/translate-message';
import { MAX_AUTH_BODY_BYTES } from '../../http/account-throttle';
import { readBoundedText } from '../../http/bounded-body';
import { languageOf } from '../../http/request-language';
import type { SendPage } from '../../http/static-site';

/** What a form that cannot be read (not form-encoded, or none of the page's forms) is answered. */
export const FORM_UNREADABLE = 'This form could not be read. Go back to the page and try again.';
const NOT_FROM_THE_APP = 'This request did not come from the app. Please reload the page and try again.';
const TOO_LARGE = 'This request is too large.';

export interface AuthFormDeps {
  /** The origins the app is served at: a form sent from anywhere else is refused (CSRF). */
  origins: readonly string[];
  /** Answers an API request as the visitor: the app itself, with their cookie, address and language. */
  callApi: (c: Context, call: AuthFormCall) => Promise<Response>;
  /** Draws the page at the request's path with how the form went. */
  sendPage: SendPage;
}

/**
 * The /auth page's forms without JavaScript (decision 035): each posts its fields, form-encoded,
 * to the page's own address (the browser never puts a password or a token in an address). The
 * fields are read with the page's own checks (src/domain/auth/auth-forms.ts), then sent to the
 * JSON endpoint the page's code calls, through the app itself, so the same guards apply (the
 * per-address rate limit, the per-account back-off and mail limits, the input guard,
 * better-auth's own rules). A sign-in answers 303 to the next page with the session cookie; a
 * new password 303 to the Log In tab; a registration or a reset request draws the page's
 * "check your inbox" view; a refusal draws the form again with the message the page's code
 * would show (the email kept, the passwords never sent back).
 */
export function authFormRoutes(deps: AuthFormDeps) {
  const app = new Hono();
  app.post('/auth', async (c) => {
    const say = (message: string, status: ContentfulStatusCode) => c.text(translateMessage(languageOf(c), message), status);
    const origin = c.req.header('origin');
    if (!origin || !deps.origins.includes(origin)) return say(NOT_FROM_THE_APP, 403);
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return say(FORM_UNREADABLE, 415);
    const body = await readBoundedText(c.req.raw, MAX_AUTH_BODY_BYTES);
    if (body === 'too_large') return say(TOO_LARGE, 413);

    const query = new URL(c.req.url).searchParams;
    const reading = readAuthForm(new URLSearchParams(body), query);
    if (reading.kind === 'unknown') return say(FORM_UNREADABLE, 400);
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
    const retryAfter = res.headers.get('retry-after');
    if (retryAfter) c.header('Retry-After', retryAfter);
    const formResult: AuthFormResult = { form, outcome: 'refused', values, refusal: await refusalOf(res) };
    return deps.sendPage(c, { status: res.status as ContentfulStatusCode, formResult });
  });
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

/** The API's refusal as the page's code reads it (src/web/api/http.ts): the app's shape or better-auth's. */
async function refusalOf(res: Response): Promise<NonNullable<AuthFormResult['refusal']>> {
  let data: { error?: { code?: unknown; message?: unknown }; code?: unknown; message?: unknown } = {};
  try {
    data = ((await res.json()) as typeof data | null) ?? {};
  } catch {
    // Not JSON: the page shows its own fallback message.
  }
  const code = data.error?.code ?? data.code;
  const message = data.error?.message ?? data.message;
  return { status: res.status, code: typeof code === 'string' ? code : 'error', message: typeof message === 'string' ? message : '' };
}

