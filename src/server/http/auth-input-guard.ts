import type { MiddlewareHandler } from 'hono';
import { hasControlCharacters, isWellFormedText, TEXT_MESSAGES } from '../../domain/text/text-schema';

/**
 * better-auth's routes take their input past our schemas: a NUL in a token, an email or a
 * name reaches PostgreSQL, which refuses it, and better-auth answers 500 (issue 11). This
 * guard, in front of /api/auth/*, refuses control characters and lone surrogates in the
 * query and in every string of a JSON body with the schemas' own message. It reads a clone
 * of the request, so better-auth still reads the body itself.
 */
export function authInputGuard(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let strings: string[] = [...url.searchParams.entries()].flat();
    const redirects = REDIRECT_FIELDS.map((f) => url.searchParams.get(f)).filter((v): v is string => v !== null);
    if (c.req.method !== 'GET' && c.req.header('content-type')?.includes('json')) {
      const body: unknown = await c.req.raw
        .clone()
        .json()
        .catch(() => undefined);
      strings = strings.concat(stringsOf(body));
      if (body && typeof body === 'object') {
        for (const f of REDIRECT_FIELDS) {
          const v = (body as Record<string, unknown>)[f];
          if (v !== undefined) redirects.push(typeof v === 'string' ? v : '');
        }
      }
    }
    const bad = strings.find((s) => hasControlCharacters(s) || !isWellFormedText(s));
    if (bad !== undefined) {
      const message = isWellFormedText(bad) ? TEXT_MESSAGES.controlCharacters : TEXT_MESSAGES.malformed;
      return c.json({ error: { code: 'invalid_input', message } }, 400);
    }
    // better-auth answers 500 to a callback it cannot parse as a URL ('99999999999'); it checks
    // the origin of an absolute one itself.
    if (redirects.some((r) => !isRedirectTarget(r))) {
      return c.json({ error: { code: 'invalid_input', message: 'This link is not valid. Please use the link from your email.' } }, 400);
    }
    await next();
  };
}

/** The fields in which better-auth's routes take the address to send the browser to next. */
const REDIRECT_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

/** A path of this app ('/auth?x=1', not '//host' or '/\\host') or an absolute http(s) address. */
export function isRedirectTarget(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\') && URL.canParse(value, 'http://app.invalid');
  if (!URL.canParse(value)) return false;
  return ['http:', 'https:'].includes(new URL(value).protocol);
}

/** Every string (keys too) of a parsed JSON value, to a bounded depth. */
function stringsOf(value: unknown, depth = 0, out: string[] = []): string[] {
  if (depth > 20) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, depth + 1, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, depth + 1, out);
    }
  }
  return out;
}

/** A step that does nothing: the place of a check an endpoint does not need. */
export const passOn: MiddlewareHandler = async (_c, next) => {
  await next();
};

/**
 * better-auth answers 415 to a POST without a Content-Type, though a sign-out has nothing to
 * send (issue 29). A POST with no body at all (no Content-Type, no length, not chunked) reaches
 * it as the empty JSON object it means; any other request is passed on as it came.
 */
export function withJsonBody(request: Request): Request {
  if (request.method !== 'POST' || request.headers.has('content-type') || request.headers.has('transfer-encoding')) return request;
  const length = request.headers.get('content-length');
  if (length !== null && length !== '0') return request;
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  headers.set('content-length', '2');
  return new Request(request.url, { method: 'POST', headers, body: '{}', signal: request.signal });
}
