import type { MiddlewareHandler } from 'hono';

/** What an answer that depends on who asks carries: kept by no cache, shared or the browser's. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * Issue 29: no cache in front of the app (a CDN, a company proxy) may keep an answer made for
 * one person and hand it to the next. Every answer on the paths this is mounted on gets
 * `Cache-Control: private, no-store`, unless its route deliberately said `public` for a
 * successful answer that is the same for everyone (the movement's figures, photos, the API's
 * document: listed and checked in src/server/cache-control.test.ts). An error is never public:
 * its words follow the reader's language. Whatever else a route set (`no-cache` on a live
 * stream, `no-store` alone) becomes the full header.
 */
export function personalAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const current = c.res.headers.get('cache-control');
    if (c.res.status < 400 && current && /(^|[\s,])public([\s,]|$)/i.test(current)) return;
    try {
      c.res.headers.set('Cache-Control', PERSONAL_CACHE_CONTROL);
    } catch {
      // A response made by Response.redirect() has headers that cannot change: copy it.
      const res = c.res;
      c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
      c.res.headers.set('Cache-Control', PERSONAL_CACHE_CONTROL);
    }
  };
}
