// First: zod must be configured before any schema is built (zod-config.ts).
import './zod-config';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient } from './api/query-client';
import { shareCspNonce } from './csp-nonce';
import { HYDRATION_MISMATCH } from './hydration-mismatch';
import { AppRoutes, preloadPage } from './router';
import './styles.css';

shareCspNonce();

const container = document.getElementById('root')!;
/** The data a page drawn by the server was drawn with (server-render.tsx), when it was. */
const serverState = document.getElementById('server-state');

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

function start() {
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

// The page's code first (the server preloads it with the app's: route-preloads.ts), then one
// render that draws or adopts it. If it cannot be fetched, the page's error boundary says so.
void preloadPage(window.location.pathname).then(start, start);

// The service worker (public/sw.js): the offline page and Web Push. Registered once the page is
// loaded, so it never competes with the first screen; only in a build (Vite's dev server has none).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('The offline page and notifications on this device are unavailable:', error));
  });
}
