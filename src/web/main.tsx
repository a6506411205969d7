// First: zod must be configured before any schema is built (zod-config.ts).
import './zod-config';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { queryClient } from './api/query-client';
import { shareCspNonce } from './csp-nonce';
import { HYDRATION_MISMATCH } from './hydration-mismatch';
import { loadCatalog } from './i18n/catalog';
import { AppTimeZoneContext } from './i18n/format';
import { createI18n, loadIcu } from './i18n/i18n';
import { pageLanguage, pageTheme, pageTimeZone } from './i18n/page-preferences';
import { InitialThemeContext } from './i18n/preferences-context';
import { AppRoutes, preloadPage } from './router';
import './styles.css';

shareCspNonce();

const container = document.getElementById('root')!;
/** The data a page drawn by the server was drawn with (server-render.tsx), when it was. */
const serverState = document.getElementById('server-state');

const language = pageLanguage();

function start(i18n: ReturnType<typeof createI18n>) {
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppTimeZoneContext.Provider value={pageTimeZone()}>
          <InitialThemeContext.Provider value={pageTheme()}>
            <QueryClientProvider client={queryClient}>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </QueryClientProvider>
          </InitialThemeContext.Provider>
        </AppTimeZoneContext.Provider>
      </I18nextProvider>
    </StrictMode>
  );
  if (serverState?.textContent) {
    // The server drew this page: adopt its HTML with the same data rather than draw it again.
    hydrate(queryClient, JSON.parse(serverState.textContent));
    hydrateRoot(container, app, {
      // React draws the page again when the HTML did not match; say so (the browser tests fail on it).
      onRecoverableError: (error, info) => console.error(`${HYDRATION_MISMATCH}:`, error, info.componentStack),
    });
  } else {
    createRoot(container).render(app);
  }
}

// The page's code and its language's words first (the server preloads both with the app's:
// route-preloads.ts), then one render that draws or adopts it. If the page's code cannot be
// fetched, its error boundary says so; without the words nothing can be said, so they are
// asked for again.
const catalog = loadCatalog(language).catch(() => loadCatalog(language));
const icu = loadIcu().catch(() => loadIcu());
const pageCode = preloadPage(window.location.pathname).catch(() => undefined);
void Promise.all([catalog, icu, pageCode]).then(([words, icuPlugin]) => start(createI18n(language, { [language]: words }, icuPlugin)));

// The service worker (public/sw.js): the offline page and Web Push. Registered once the page is
// loaded, so it never competes with the first screen; only in a build (Vite's dev server has none).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('The offline page and notifications on this device are unavailable:', error));
  });
}
