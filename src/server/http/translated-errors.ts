import type { Context, MiddlewareHandler } from 'hono';
import { translateMessage } from '../../domain/i18n/translate-message';
import { languageOf } from './request-language';

type Readable = Record<string, unknown>;

/**
 * Every refusal under /api in the visitor's language (issue 15): the routes, validators, guards
 * and better-auth write the spec's English; this turns `message` and `title` of a JSON error
 * (`{ error: { code, message } }`, or better-auth's `{ code, message }`) into the language of
 * the request, once, at the edge. Codes stay as they are: programs read those.
 */
export function translatedErrors(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status < 400) return;
    const language = languageOf(c);
    if (language === 'en' || !c.res.headers.get('content-type')?.includes('application/json')) return;
    const body = (await c.res.clone().json().catch(() => null)) as Readable | null;
    if (!body || typeof body !== 'object') return;
    const target = body.error && typeof body.error === 'object' ? (body.error as Readable) : body;
    let changed = false;
    for (const key of ['message', 'title']) {
      const text = target[key];
      if (typeof text !== 'string') continue;
      const translated = translateMessage(language, text);
      if (translated !== text) {
        target[key] = translated;
        changed = true;
      }
    }
    if (!changed) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    headers.set('content-language', language);
    c.res = new Response(JSON.stringify(body), { status: c.res.status, headers });
  };
}

/**
 * A successful answer that carries words for people at its top (`message`, `title`: a join's
 * confirmation, a claimed reward, the verification status), in the request's language. Used by
 * the few routes that answer with such words; other answers carry data, never translated.
 */
export function spoken<T extends object>(c: Context, body: T): T {
  const language = languageOf(c);
  if (language === 'en') return body;
  const out = { ...body } as Record<string, unknown>;
  for (const key of ['message', 'title']) {
    const text = out[key];
    if (typeof text === 'string') out[key] = translateMessage(language, text);
  }
  return out as T;
}
