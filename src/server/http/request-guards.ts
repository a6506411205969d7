import { LANGUAGE_LOCALES } from '../../domain/i18n/languages';
import { languageOf } from './request-language';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isSuspended, suspensionMessage } from '../../domain/moderation/moderation-rules';
import type { Clock } from '../clock';
import { AppError, unauthorized } from './app-error';
import type { AppEnv } from './session';

/**
 * The largest JSON (or form) body any route of the app takes. The longest text is a debate
 * response (20,000 UTF-16 units, at most 60 KB as UTF-8), so 128 KB leaves room for JSON.
 */
export const JSON_BODY_MAX_BYTES = 128 * 1024;

export interface UploadRoute {
  /** Matches the request path of an upload route. */
  pattern: RegExp;
  /** Its largest body; the route's own limit (after the sign-in check) counts a body that does not declare its length. */
  maxBytes: number;
  /** The answer's error, in the route's own words (the spec's message for a file too large). */
  refusal: { code: string; message: string; title?: string };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const bodyTooLarge = (maxBytes: number) => ({
  error: { code: 'too_large', message: `This request is too large: the limit is ${formatBytes(maxBytes)}.` },
});

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/**
 * Refuses an oversized body before anything reads it: a declared Content-Length over the
 * limit is a 413 at once, from the header alone; a chunked body is counted as it streams (JSON routes) or left to
 * the upload route's own limit, which runs after its sign-in check. Uploads have their own,
 * larger limits; every other route takes at most `jsonMaxBytes`.
 */
export function limitBodies(options: { jsonMaxBytes: number; uploads: readonly UploadRoute[] }): MiddlewareHandler {
  const tooLarge = (c: Context) => c.json(bodyTooLarge(options.jsonMaxBytes), 413);
  const streamed = bodyLimit({ maxSize: options.jsonMaxBytes, onError: tooLarge });
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const upload = options.uploads.find((u) => u.pattern.test(c.req.path));
    if (!upload) {
      // A body whose length is declared is judged from that header alone, as Node's parser never
      // passes on more than Content-Length says. Asking for `c.req.raw.body` would build a whole
      // web Request and a stream around Node's request, which @hono/node-server otherwise skips
      // (a route's `c.req.json()` reads Node's request straight): about a twentieth of a write's
      // CPU in the app (issue 33). Any other body is counted as it streams.
      const declared = c.req.header('content-length');
      if (declared !== undefined && c.req.header('transfer-encoding') === undefined) return Number(declared) > options.jsonMaxBytes ? tooLarge(c) : next();
      return streamed(c, next);
    }
    const declared = Number(c.req.header('content-length') ?? '0');
    if (Number.isFinite(declared) && declared > upload.maxBytes) return c.json({ error: upload.refusal }, 413);
    return next();
  };
}

/** The spec's own words for a visitor on some routes; the rest get unauthorized()'s default. */
export interface SignedOutMessage {
  method?: string;
  pattern: RegExp;
  message: string;
}

/**
 * Every state change under /api needs a session (better-auth's own routes aside, which are
 * mounted before this, and the `publicWrites` paths aside, whose body's token is the authority):
 * answered 401 before any body is parsed or any route runs.
 */
export function writesNeedSession(messages: readonly SignedOutMessage[] = [], publicWrites: readonly RegExp[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !c.var.user && !publicWrites.some((p) => p.test(c.req.path))) {
      const found = messages.find((m) => (!m.method || m.method === c.req.method) && m.pattern.test(c.req.path));
      throw unauthorized(found?.message);
    }
    return next();
  };
}

/**
 * Writes a suspended user may still make: their own language and theme (issue 15) are not
 * content; an email change's mail-link buttons (issue 32) carry their own token, which works the
 * same from any browser, signed in or not.
 */
export const SUSPENSION_EXEMPT_PATHS: readonly string[] = ['/api/me/preferences', '/api/email-change/confirm', '/api/email-change/undo'];

/**
 * A suspended user (issue 14) can sign in and read, but every state change under /api is a
 * 403 that says why and until when (sign-out is better-auth's, mounted before this).
 */
export function writesRefusedWhileSuspended(clock: Clock, timeZone: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!SAFE_METHODS.has(c.req.method) && user && isSuspended(user.suspendedUntil, clock.now()) && !SUSPENSION_EXEMPT_PATHS.includes(c.req.path)) {
      throw new AppError(403, 'suspended', suspensionMessage(user.suspendedUntil!, user.suspensionReason ?? null, timeZone, LANGUAGE_LOCALES[languageOf(c)]), {
        until: user.suspendedUntil!.toISOString(),
      });
    }
    return next();
  };
}
