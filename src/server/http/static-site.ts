import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { readRoutePreloads, routePreloadLinks } from './route-preloads';
import { allowStyles, newCspNonce } from './security';

/**
 * The placeholder the web build (vite.config.ts, `html.cspNonce`) writes wherever index.html
 * needs the response's CSP nonce: on its own tags and in `<meta property="csp-nonce">`, from
 * which the app hands it to the libraries that add `<style>` elements at run time.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built web app from `dist/web`: hashed assets cached for a year, every other
 * GET that is not an API path answered with index.html (the SPA's router takes it from there),
 * with a fresh CSP nonce in the page and in its `style-src`.
 */
export function staticSite(distDir: string) {
  const app = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  const root = path.relative(process.cwd(), distDir) || '.';
  const preloads = readRoutePreloads(distDir);

  const sendIndex = (c: Context) => {
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    const nonce = newCspNonce();
    allowStyles(c, { elements: [`'nonce-${nonce}'`] });
    // The nonce is this response's alone: no cache may keep the page and hand it out again.
    c.header('Cache-Control', 'no-store');
    const html = readFileSync(indexFile, 'utf8').replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
    return c.html(html.replace('</head>', `${routePreloadLinks(preloads, c.req.path, nonce)}</head>`));
  };

  app.use(
    '/assets/*',
    // Hashed names: kept for a year. Set on the answer itself (serveStatic's onFound runs after
    // the answer is made, too late for a header).
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    },
    // Compressed once at build time (vite.config.ts): the .br or .gz beside each file is sent.
    serveStatic({ root, precompressed: true }),
  );
  // index.html is never served as a file: it always gets its nonce.
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', sendIndex);
  return app;
}
