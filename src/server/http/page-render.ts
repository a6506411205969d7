import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage, RenderRequest } from '../../domain/rendering/rendered-page';
import type { Logger } from '../logger';

/** What the build's dist/ssr/server-render.js exports. */
export interface PageRenderer {
  renderPage(request: RenderRequest): Promise<RenderedPage | null>;
}

/** Where the build writes the renderer (vite.config.ts, the ssr environment). */
export const RENDERER_FILE = 'server-render.js';

/**
 * The web build's page renderer (decision 022), imported once per build: imported again when
 * the file changes (a new build), null while there is none or it cannot be loaded (pages are
 * then drawn in the browser alone, as before).
 */
export function pageRendererFrom(ssrDir: string, logger: Logger): () => Promise<PageRenderer | null> {
  const file = path.join(ssrDir, RENDERER_FILE);
  let loaded: { mtimeMs: number; renderer: Promise<PageRenderer | null> } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return Promise.resolve(null);
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      const renderer = import(`${pathToFileURL(file).href}?build=${mtimeMs}`).then(
        (module: Partial<PageRenderer>) => (typeof module.renderPage === 'function' ? (module as PageRenderer) : null),
        (error: unknown) => {
          logger.error({ err: error }, 'page renderer: could not load the build, pages are drawn in the browser');
          return null;
        },
      );
      loaded = { mtimeMs, renderer };
    }
    return loaded.renderer;
  };
}

/** index.html's preload of /api/session, with the comment above it. */
const PRELOADED_SESSION = /(?:\s*<!--(?:(?!-->)[^])*-->)?\s*<link rel="preload" href="\/api\/session"[^>]*>/;

/** Characters that must not appear raw inside a `<script>` element's JSON. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * index.html with the page drawn inside `<div id="root">` and the data it was drawn with beside
 * it, for the app to adopt (src/web/main.tsx). The preload of /api/session goes: the session is
 * in that data. Unchanged if index.html has no empty root element.
 */
export function withRenderedPage(html: string, page: RenderedPage): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) return html;
  return html
    .replace(PRELOADED_SESSION, '')
    .replace(root, () => `<div id="root">${page.html}</div>\n    <script type="application/json" id="server-state">${scriptSafe(page.state)}</script>`);
}
