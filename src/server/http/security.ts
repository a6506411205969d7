import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** Extra style sources one response may allow (its own nonce or hashes); never 'unsafe-inline'. */
export interface StyleSources {
  /** Added to `style-src`: `<style>` elements (and `<link>` stylesheets). */
  elements?: string[];
  /** `style-src-attr`: style attributes in the HTML (hashes, with 'unsafe-hashes'). */
  attributes?: string[];
}

/** What each response in flight has allowed, by its request context (see allowStyles). */
const allowedStyles = new WeakMap<Context, Required<StyleSources>>();
/** Responses that other sites may embed (see allowEmbedding). */
const embeddable = new WeakSet<Context>();

/**
 * The Content-Security-Policy of every answer. Nothing inline runs or applies unless a
 * response names it: no 'unsafe-inline' anywhere (decision 016).
 */
const BASE_POLICY: ReadonlyArray<readonly [directive: string, sources: readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['media-src', ["'self'", 'blob:']],
  ['connect-src', ["'self'"]],
  ['font-src', ["'self'", 'data:']],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
];

const SOURCE = /^'(?:nonce-[A-Za-z0-9+/_-]+={0,2}|sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}|unsafe-hashes)'$/;

function checkSources(sources: StyleSources): void {
  for (const source of [...(sources.elements ?? []), ...(sources.attributes ?? [])]) {
    if (!SOURCE.test(source)) throw new Error(`Not a nonce or hash source for the CSP: ${source}`);
  }
}

/** The policy of an answer that allows nothing more, written once (issue 33). */
let basePolicy: string | null = null;

/** The policy as a header value, with a response's extra style sources (nonces and hashes only). */
export function contentSecurityPolicy(extra?: StyleSources): string {
  if (!extra) return (basePolicy ??= policyWith({}));
  checkSources(extra);
  return policyWith(extra);
}

function policyWith(extra: StyleSources): string {
  const elements = extra.elements ?? [];
  const attributes = extra.attributes ?? [];
  const directives = BASE_POLICY.map(([name, sources]) => [name, name === 'style-src' ? [...sources, ...elements] : [...sources]] as const);
  if (attributes.length > 0) directives.push(['style-src-attr', attributes]);
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** A fresh nonce for one response (128 random bits, base64). */
export const newCspNonce = (): string => randomBytes(16).toString('base64');

/** The CSP source that allows exactly this inline text (`<style>` content or a style attribute's value). */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/**
 * What lets a page apply exactly the style attributes in `html`, by their hashes: a mail shown
 * as sent (mail clients need style attributes), a page drawn by the server (React writes
 * `style="…"` where a component sets one).
 */
export function styleAttributeSources(htmlBody: string): StyleSources {
  const values = new Set<string>();
  for (const match of htmlBody.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const value = (match[1] ?? match[2] ?? '').replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (entity, dec?: string, hex?: string, name?: string) =>
      dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (ENTITIES[name!.toLowerCase()] ?? entity),
    );
    values.add(value);
  }
  return values.size ? { attributes: ["'unsafe-hashes'", ...[...values].map(cspHash)] } : {};
}

/** Lets this response apply the given inline styles; every other directive stays as strict. */
export function allowStyles(c: Context, sources: StyleSources): void {
  checkSources(sources);
  const current = allowedStyles.get(c) ?? { elements: [], attributes: [] };
  allowedStyles.set(c, {
    elements: [...current.elements, ...(sources.elements ?? [])],
    attributes: [...current.attributes, ...(sources.attributes ?? [])],
  });
}

/**
 * Lets other sites show this response (`Cross-Origin-Resource-Policy: cross-origin` instead of
 * `same-origin`): for public images made to be shown elsewhere, like a link preview's image.
 */
export function allowEmbedding(c: Context): void {
  embeddable.add(c);
}

export const securityHeaders = (): MiddlewareHandler => {
  const otherHeaders = secureHeaders({
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
  });
  return async (c, next) => {
    await otherHeaders(c, next);
    c.res.headers.set('Content-Security-Policy', contentSecurityPolicy(allowedStyles.get(c)));
    if (embeddable.has(c)) c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  };
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for every state-changing request: the Origin header must be one of
 * ours (browsers always send it on POST, PUT, PATCH and DELETE). Cookies are SameSite=Lax
 * as a second line.
 */
export function csrfProtection(trustedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(trustedOrigins);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (!origin || !allowed.has(origin)) {
        return c.json({ error: { code: 'csrf', message: 'This request did not come from the app. Please reload the page and try again.' } }, 403);
      }
    }
    await next();
  };
}
