import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import './index.css';

// The CSP forbids eval: without this zod probes `new Function` on its first parse, which
// the browser reports as a Content Security Policy violation on every page.
configureZod({ jitless: true });

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
