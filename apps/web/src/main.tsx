import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, prefetchOpenedPage } from './app/router';
import { getCheckAuthQueryOptions } from './features/auth/api/check-auth';
import { createQueryClient } from './lib/query-client';
import { configureZodWithoutEval } from './lib/zod-settings';
import './index.css';

// Before any screen loads zod (none does at start-up): see lib/zod-settings.ts.
configureZodWithoutEval();

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
