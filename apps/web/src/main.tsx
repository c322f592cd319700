import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod';
import { AppProvider } from './app/provider';
import { AppRouter, prefetchOpenedPage } from './app/router';
import { getCheckAuthQueryOptions } from './features/auth/api/check-auth';
import { createQueryClient } from './lib/query-client';
import './index.css';

// The CSP forbids eval: without this zod probes `new Function` on its first parse, which
// the browser reports as a Content Security Policy violation on every page.
configureZod({ jitless: true });

// Every screen waits for the session check: it goes out now, while React is still making
// its first render, instead of from the first component that asks for it, and the opened
// screen's own queries follow as soon as it answers. A failure is the screens' to show:
// their own query reports it and retries.
const queryClient = createQueryClient();
void queryClient
  .query(getCheckAuthQueryOptions())
  .then((auth) => prefetchOpenedPage(queryClient, auth))
  .catch(() => undefined);

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}

createRoot(root).render(
  <StrictMode>
    <AppProvider client={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
