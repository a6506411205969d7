import type { Context, Handler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { translateMessage } from '../../domain/i18n/translate-message';
import type { FormRefusal, PageFormCall } from '../../domain/rendering/page-form';
import type { FormResult } from '../../domain/rendering/rendered-page';
import { MAX_AUTH_BODY_BYTES } from './account-throttle';
import { readBoundedText } from './bounded-body';
import { languageOf } from './request-language';
import type { SendPage } from './static-site';

/** What a form that cannot be read (not form-encoded, or none of the page's forms) is answered. */
export const FORM_UNREADABLE = 'This form could not be read. Go back to the page and try again.';
const NOT_FROM_THE_APP = 'This request did not come from the app. Please reload the page and try again.';
const TOO_LARGE = 'This request is too large.';

export interface PageFormDeps {
  /** The origins the app is served at: a form sent from anywhere else is refused (CSRF). */
  origins: readonly string[];
  /** Answers an API request as the visitor: the app itself, with their cookie, address and language. */
  callApi: (c: Context, call: PageFormCall) => Promise<Response>;
  /** Draws the page at the request's path with how the form went. */
  sendPage: SendPage;
}

/** A refusal in words, in the visitor's language, before any page is drawn. */
export function refuseForm(c: Context, message: string, status: ContentfulStatusCode): Response {
  return c.text(translateMessage(languageOf(c), message), status);
}

/**
 * The handler of a page that takes a form without JavaScript (decision 035): it refuses a request
 * from another origin (403), a body that is not form-encoded (415) or over 16 KB (413, unread),
 * then hands the fields to `handle` (which answers 400 FORM_UNREADABLE for a form it does not know).
 */
export function pageForm(deps: Pick<PageFormDeps, 'origins'>, handle: (c: Context, fields: URLSearchParams) => Promise<Response>): Handler {
  return async (c) => {
    const origin = c.req.header('origin');
    if (!origin || !deps.origins.includes(origin)) return refuseForm(c, NOT_FROM_THE_APP, 403);
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return refuseForm(c, FORM_UNREADABLE, 415);
    const body = await readBoundedText(c.req.raw, MAX_AUTH_BODY_BYTES);
    if (body === 'too_large') return refuseForm(c, TOO_LARGE, 413);
    return handle(c, new URLSearchParams(body));
  };
}

/**
 * The page drawn again with the API's refusal of the form's request: its status, its Retry-After,
 * and `result` made from the refusal as the page's code would have read it.
 */
export async function drawRefusal(c: Context, deps: Pick<PageFormDeps, 'sendPage'>, res: Response, result: (refusal: FormRefusal) => FormResult): Promise<Response> {
  const retryAfter = res.headers.get('retry-after');
  if (retryAfter) c.header('Retry-After', retryAfter);
  return deps.sendPage(c, { status: res.status as ContentfulStatusCode, formResult: result(await refusalOf(res)) });
}

/** The API's refusal as the page's code reads it (src/web/api/http.ts): the app's shape or better-auth's. */
async function refusalOf(res: Response): Promise<FormRefusal> {
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
