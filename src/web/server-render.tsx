// The server's side of the web app (decision 022): draws a page's first screen as HTML, with the
// data it asked for, so a phone paints it before the app's code has arrived. Built by Vite into
// dist/ssr (vite.config.ts) and loaded by src/server/http/page-render.ts; the browser then adopts
// this HTML (main.tsx, hydrateRoot) instead of drawing the page again.
//
// First: zod must be configured before any schema is built (zod-config.ts).
import './zod-config';
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClientProvider, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { matchPath, StaticRouter } from 'react-router';
import { api, setApiTransport } from './api/http';
import { newQueryClient } from './api/query-client';
import { AppOriginContext } from './components/app-origin';
import type { SessionAnswer } from '../domain/api/app-answers';
import type { Language } from '../domain/i18n/languages';
import type { RenderedPage, RenderRequest } from '../domain/rendering/rendered-page';
import { CATALOG as ENGLISH } from './i18n/catalog-en';
import { CATALOG as SPANISH } from './i18n/catalog-es';
import { AppTimeZoneContext } from './i18n/format';
import ICU from 'i18next-icu';
import { createI18n } from './i18n/i18n';
import { InitialThemeContext } from './i18n/preferences-context';
import type { RoutePath } from '../domain/routing/route-paths';
import { AppRoutes, preloadPage } from './router';
import { FORM_RESULT_KEY } from './components/page-form';
import { SESSION_KEY } from './features/session/use-session';

/**
 * The pages drawn on the server: those a newcomer meets first, often from a shared link, and
 * those whose forms work without JavaScript (decision 035). The others are drawn in the browser
 * as before (their first screen needs the visitor's session anyway, and a signed-out visit sends
 * them to /auth).
 */
export const SERVER_DRAWN_ROUTES: readonly RoutePath[] = [
  '/',
  '/auth',
  '/caucus/:id',
  '/debate/:id',
  // A mail link's page, whose button works without JavaScript (decisions 051 and 035).
  '/email-change/confirm/:token',
  '/email-change/undo/:token',
  // The pages a member opens most once signed in (issue 33), drawn for a signed-in visitor only
  // (SIGNED_IN_ONLY): a visitor is sent to /auth by the browser, as before.
  '/home',
  '/my-caucuses',
  '/notifications',
];

/** Of SERVER_DRAWN_ROUTES, those drawn only for a signed-in visitor (the browser sends a visitor to /auth). */
const SIGNED_IN_ONLY: readonly RoutePath[] = ['/home', '/my-caucuses', '/notifications'];

/** One translator per language, made once: pages never change their language while drawn. */
const translators: Record<Language, ReturnType<typeof createI18n>> = {
  en: createI18n('en', { en: ENGLISH }, ICU),
  es: createI18n('es', { es: SPANISH }, ICU),
};

/** How many times a page may ask for more data (a query that waits on another) before we give up. */
const MAX_DATA_ROUNDS = 4;

const visitorApi = new AsyncLocalStorage<RenderRequest['fetchApi']>();
setApiTransport((path, init) => {
  const fetchApi = visitorApi.getStore();
  if (!fetchApi) return Promise.reject(new Error(`api(${path}) called outside a server render`));
  return fetchApi(path, init);
});

/** Whether `pathname` is one of SERVER_DRAWN_ROUTES (a path that cannot be decoded is left to the browser). */
export function drawsOnServer(pathname: string): boolean {
  return decodable(pathname) && SERVER_DRAWN_ROUTES.some((route) => matchPath(route, pathname));
}

/** Whether `path`'s percent-encoding is valid (its result is used: a bundler drops a bare call to a global it thinks pure). */
function decodable(path: string): boolean {
  try {
    return decodeURIComponent(path).length >= 0;
  } catch {
    return false;
  }
}

/** A query the page asked for that has not been fetched and is enabled. */
function waiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/**
 * Client-rendered Suspense boundary: React's mark for a part the server could not draw (a lazily
 * loaded component not loaded yet, or an error). The browser would redraw it.
 */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * The page as HTML, in one piece. renderToString rather than a stream: React's streaming
 * renderers move large parts after the page with inline scripts to put them back (refused by
 * our CSP) and our pages have all their data by now. A part the server could not draw fails the
 * whole page rather than leave a hole for the browser to fill.
 */
function draw(queryClient: QueryClient, request: RenderRequest): string {
  return renderToString(
    <StrictMode>
      <I18nextProvider i18n={translators[request.language]}>
        <AppTimeZoneContext.Provider value={request.timeZone}>
          <InitialThemeContext.Provider value={request.theme}>
            <QueryClientProvider client={queryClient}>
              <AppOriginContext.Provider value={request.origin}>
                <StaticRouter location={request.url}>
                  <AppRoutes />
                </StaticRouter>
              </AppOriginContext.Provider>
            </QueryClientProvider>
          </InitialThemeContext.Provider>
        </AppTimeZoneContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
}

/**
 * Draws the page at `request.url`: renders it, fetches the queries it asked for through the
 * visitor's API, and renders again until it asks for nothing more. Null when the page is not
 * drawn on the server, or when a query failed or kept asking (the browser then draws it as
 * before, and shows the error its own way). Throws when a component failed to draw: a fault of
 * ours, which the server logs before leaving the page to the browser.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  const pathname = new URL(request.url, request.origin).pathname;
  if (!drawsOnServer(pathname)) return null;
  await preloadPage(pathname);
  const queryClient = newQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  // A form sent without JavaScript (decision 035): the page reads how it went, and so does the browser's first render.
  if (request.formResult) queryClient.setQueryData(FORM_RESULT_KEY, request.formResult);
  if (SIGNED_IN_ONLY.some((route) => matchPath(route, pathname))) {
    // Who is asking, first (as use-session.ts asks): a visitor on a page for members is sent to
    // /auth by the browser, as before, and the server draws nothing for them.
    const user = await visitorApi.run(request.fetchApi, () => api<SessionAnswer>('/api/session')).then((answer) => answer.user, () => null);
    if (!user) return null;
    queryClient.setQueryData(SESSION_KEY, user);
  }
  let html = draw(queryClient, request);
  for (let round = 0; ; round++) {
    const queries = queryClient.getQueryCache().getAll().filter(waiting);
    if (queries.length === 0) break;
    if (round === MAX_DATA_ROUNDS) return null;
    await visitorApi.run(request.fetchApi, () => Promise.all(queries.map((q) => q.fetch().catch(() => undefined))));
    if (queryClient.getQueryCache().getAll().some((q) => q.state.status === 'error')) return null;
    html = draw(queryClient, request);
  }
  if (html.includes(CLIENT_RENDERED)) throw new Error(`drawing ${request.url} left a part to the browser (a lazy component or an error)`);
  const state = JSON.stringify(dehydrate(queryClient));
  queryClient.clear();
  return { html, state };
}
