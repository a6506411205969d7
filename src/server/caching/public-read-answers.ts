import type { Context } from 'hono';
import type { AppEnv } from '../http/session';
import type { CachedAnswer, PublicReadCache } from './public-read-cache';

export const JSON_CONTENT_TYPE = 'application/json';

/** An answer as the cache keeps it: JSON written once, sent as it is to every reader. */
export const jsonAnswer = (value: unknown, cacheControl?: string): CachedAnswer => ({
  body: JSON.stringify(value),
  contentType: JSON_CONTENT_TYPE,
  ...(cacheControl ? { cacheControl } : {}),
});

/** Sends a kept answer (200). */
export function sendAnswer(c: Context<AppEnv>, answer: CachedAnswer): Response {
  const headers: Record<string, string> = { 'Content-Type': answer.contentType };
  if (answer.cacheControl) headers['Cache-Control'] = answer.cacheControl;
  return typeof answer.body === 'string' ? c.body(answer.body, 200, headers) : c.body(answer.body as Uint8Array<ArrayBuffer>, 200, headers);
}

/**
 * A public read through the shared cache (decision 055). `visitorsOnly`: only a reader who is
 * neither signed in nor holding an API token is answered from it; anyone else reads the
 * database, so what they just did shows at once (their own Sparks, the Brownie they gave).
 * Without a cache (none, or a TTL of 0) every reader reads the database.
 */
export async function publicRead(
  c: Context<AppEnv>,
  options: { cache: PublicReadCache | undefined; key: string; tags: readonly string[]; visitorsOnly: boolean },
  load: () => Promise<CachedAnswer | null>,
): Promise<CachedAnswer | null> {
  const { cache } = options;
  if (!cache?.enabled || (options.visitorsOnly && c.var.user)) return load();
  return cache.read(options.key, options.tags, load);
}
