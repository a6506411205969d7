import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serveStatic } from '@hono/node-server/serve-static';
import { languagePreloadLinks, readLanguagePreloads, readRoutePreloads, routePreloadLinks, type RoutePreloads } from './route-preloads';
import { translateMessage } from '../../domain/i18n/translate-message';
import type { FormResult, RenderedPage } from '../../domain/rendering/rendered-page';
import { withRenderedPage } from './page-render';
import { languageOf, themeOf, withHtmlAttributes } from './request-language';
import { allowStyles, newCspNonce, styleAttributeSources } from './security';
import { PERSONAL_CACHE_CONTROL } from './cache-control';

/**
 * The placeholder the web build (vite.config.ts, `html.cspNonce`) writes wherever index.html
 * needs the response's CSP nonce: on its own tags and in `<meta property="csp-nonce">`, from
 * which the app hands it to the libraries that add `<style>` elements at run time.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * index.html's title, description and preview tags sit between these two comments
 * (src/web/index.html); the server writes each page's own there (decision 020).
 */
export const PAGE_HEAD_START = '<!-- page-head -->';
export const PAGE_HEAD_END = '<!-- /page-head -->';

/** The page with `head` in place of what is between the page-head comments (unchanged without them). */
export function withPageHead(html: string, head: string): string {
  const start = html.indexOf(PAGE_HEAD_START);
  const end = html.indexOf(PAGE_HEAD_END, start);
  if (start < 0 || end < 0) return html;
  return `${html.slice(0, start + PAGE_HEAD_START.length)}\n    ${head}\n    ${html.slice(end)}`;
}

export interface StaticSiteOptions {
  /**
   * The page at a path (raw, still percent-encoded): its `<head>` tags (title and link preview)
   * and its status, 404 when the app shows "Page Not Found" or the page's own not-found there
   * (decision 038). Without it every page keeps the tags of the built index.html and is a 200.
   */
  describePage?: (rawPath: string) => Promise<{ head: string; status: 200 | 404 }>;
  /**
   * The page at the request's path drawn by the server with the visitor's data (decision 022),
   * or null to let the browser draw it. Without it every page is drawn in the browser.
   */
  renderPage?: (c: Context, formResult?: FormResult) => Promise<RenderedPage | null>;
  /** The app's time zone, written on `<html data-time-zone>` for the app's dates (default UTC). */
  timeZone?: string;
}

/**
 * Serves the built web app from `dist/web`: hashed assets cached for a year, every other
 * GET that is not an API path answered with index.html (the SPA's router takes it from there),
 * with a fresh CSP nonce in the page and in its `style-src`, and the page's own title, link
 * preview tags and status when `describePage` is given.
 */
/**
 * index.html and the build's preload list, read once per build rather than on every page load:
 * read again when index.html changes (a new build), so the two always come from one build.
 * Null while there is no build.
 */
function currentBuild(indexFile: string, distDir: string) {
  let cached: { mtimeMs: number; html: string; css: string | null; preloads: RoutePreloads; languages: RoutePreloads } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const { html, css } = withoutStylesheetLink(readFileSync(indexFile, 'utf8'), distDir);
      cached = { mtimeMs, html, css, preloads: readRoutePreloads(distDir), languages: readLanguagePreloads(distDir) };
    }
    return cached;
  };
}

/** index.html's one stylesheet of the build (`<link rel="stylesheet" href="/assets/….css">`). */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\bhref="(\/assets\/[\w.-]+\.css)"[^>]*>\s*/g;

/**
 * The page's stylesheet goes inside the page (decision 056): a browser paints nothing before it
 * has the stylesheet, and as a file of its own it is fetched beside the app's scripts, over the
 * same six connections and the same slow link, so a page the server drew waited for it well
 * after its HTML had arrived. index.html without its `<link>`, and the CSS to write in its place;
 * unchanged (and no CSS) unless there is exactly one such link and its file can be read and
 * safely written inside a `<style>` element.
 */
export function withoutStylesheetLink(html: string, distDir: string): { html: string; css: string | null } {
  const links = [...html.matchAll(STYLESHEET_LINK)];
  if (links.length !== 1) return { html, css: null };
  let css: string;
  try {
    css = readFileSync(path.join(distDir, links[0]![1]!), 'utf8');
  } catch {
    return { html, css: null };
  }
  if (/<\/style/i.test(css)) return { html, css: null };
  return { html: html.replace(links[0]![0], ''), css };
}

/** How a page is answered: its status, and how a form sent to it went (decision 035). */
export interface PageAnswer {
  status?: ContentfulStatusCode;
  formResult?: FormResult;
}

/** Answers a request with the page at its path (index.html, drawn by the server where it can). */
export type SendPage = (c: Context, answer?: PageAnswer) => Promise<Response>;

/** What a page answers to a method other than GET and HEAD (a form sent before the page's code ran). */
export const PAGE_TAKES_NO_FORM = 'This page cannot take a form. Go back, wait for the page to load, and try again.';

export function pageSender(distDir: string, options: StaticSiteOptions = {}): SendPage {
  const indexFile = path.join(distDir, 'index.html');
  const build = currentBuild(indexFile, distDir);
  return async (c, answer = {}) => {
    const built = build();
    if (!built) {
      return c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    const nonce = newCspNonce();
    const language = languageOf(c);
    // The nonce first: the page head carries people's text, which must never become a nonce.
    let html = built.html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
    // The visitor's language and theme (issue 15): the page is drawn, read aloud and coloured in them.
    html = withHtmlAttributes(html, { language, theme: themeOf(c), timeZone: options.timeZone ?? 'UTC' });
    c.header('Content-Language', language);
    const described = options.describePage ? await options.describePage(new URL(c.req.url).pathname) : null;
    if (described) html = withPageHead(html, described.head);
    allowStyles(c, { elements: [`'nonce-${nonce}'`] });
    const page = options.renderPage ? await options.renderPage(c, answer.formResult) : null;
    if (page) {
      html = withRenderedPage(html, page);
      allowStyles(c, styleAttributeSources(page.html));
    }
    // The nonce is this response's alone, and a page drawn by the server shows the visitor's own
    // data: no cache may keep the page and hand it out again (issue 29).
    c.header('Cache-Control', PERSONAL_CACHE_CONTROL);
    const links = routePreloadLinks(built.preloads, c.req.path, nonce) + languagePreloadLinks(built.languages, language, nonce);
    // The stylesheet last in the head: the scripts' preloads are found (and fetched) first.
    const style = built.css === null ? '' : `<style nonce="${nonce}">${built.css}</style>`;
    // The body is the app all the same: in the browser it shows the page's "Page Not Found".
    return c.html(html.replace('</head>', () => `${links}${style}</head>`), answer.status ?? described?.status ?? 200);
  };
}

export function staticSite(distDir: string, options: StaticSiteOptions = {}, sendPage: SendPage = pageSender(distDir, options)) {
  const app = new Hono();
  const root = path.relative(process.cwd(), distDir) || '.';
  const sendIndex = (c: Context) => sendPage(c);

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
  // A page takes no form (the few that do are answered before this, decision 035): a form sent
  // before the page's code ran is refused in words, its fields unread.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '*', (c) => {
    c.header('Allow', 'GET, HEAD');
    return c.text(translateMessage(languageOf(c), PAGE_TAKES_NO_FORM), 405);
  });
  return app;
}
