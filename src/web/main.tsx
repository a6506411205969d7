// First: zod must be configured before any schema is built (zod-config.ts).
import './zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient } from './api/query-client';
import { shareCspNonce } from './csp-nonce';
import { AppRoutes, preloadPage } from './router';
import './styles.css';

shareCspNonce();

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
// The page's code first (the server preloads it with the app's: route-preloads.ts), then one
// render that draws it. If it cannot be fetched, the page's error boundary says so.
void preloadPage(window.location.pathname).then(render, render);
