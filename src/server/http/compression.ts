import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The encoding to answer with, by the client's Accept-Encoding: brotli when accepted (about 15%
 * smaller than gzip on our JSON and HTML), else gzip, else none. A q=0 refuses an encoding.
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses text answers made on the fly (JSON, the page with its nonce, the dev mailbox) with
 * brotli or gzip. Files of the web build are compressed once at build time and served as they
 * are (static-site.ts); live streams (text/event-stream), media and answers that already carry an
 * encoding are left alone. Hono's own `compress` has no brotli on Node 20 (no 'br' in
 * CompressionStream), hence node:zlib here (decision 017).
 */
export const compressResponses: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('content-type');
  // `res.body` is read only once the answer will be compressed: reading it turns
  // @hono/node-server's light response into a web stream, which cost every small JSON answer
  // about a quarter of a millisecond of CPU (issue 16). Headers and status are cheap.
  if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || res.headers.has('content-encoding')) return;
  if (/no-transform/i.test(res.headers.get('cache-control') ?? '')) return;
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared < COMPRESS_THRESHOLD_BYTES) return;
  const vary = res.headers.get('vary');
  const varied = vary && /accept-encoding/i.test(vary) ? vary : vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  // A client that takes no encoding gets the answer as it is, unread (no copy on its path).
  if (!encoding) {
    res.headers.set('vary', varied);
    return;
  }
  if (!res.body) return;
  const body = Buffer.from(await res.arrayBuffer());
  const compressed =
    body.length < COMPRESS_THRESHOLD_BYTES
      ? null
      : encoding === 'br'
        ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gzipAsync(body, { level: 6 });
  // Hono copies the old answer's headers onto the new one: set ours after the swap.
  c.res = new Response(compressed ?? body, { status: res.status, statusText: res.statusText, headers: res.headers });
  c.res.headers.set('vary', varied);
  c.res.headers.set('content-length', String((compressed ?? body).length));
  if (!compressed) return;
  c.res.headers.set('content-encoding', encoding);
  const etag = c.res.headers.get('etag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
};
