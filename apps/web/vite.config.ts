import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';
import { screenPreloads } from './vite-screen-preloads';

// Shared libraries get chunks of their own: their hashes outlive most app changes, and
// the dialog and popover code is not hoisted into the entry that /login loads. zod has its
// own too: no start-up module imports it (src/lib/zod-settings.ts), and in the libs chunk
// it was loaded and evaluated with the router. The patient
// calls' zod schemas are a chunk of their own too, fetched only when the app first sends
// such a call (src/lib/patients-schemas.ts): shared with the dashboard's status rules, they
// were built at start-up.
const vendorGroups = [
  {
    name: 'patients-api',
    test: /packages[\\/]domain[\\/]src[\\/]patients-api\.ts$/,
    // Only the schemas: the modules they use stay where the screens need them.
    includeDependenciesRecursively: false,
  },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'libs',
    test: /node_modules[\\/](react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
  },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
  // The small Radix parts of Tabs and Checkbox: a screen that starts with them loads these,
  // not the dialog and popover code of the overlays chunk (docs/decisions.md, issue 29).
  {
    name: 'primitives',
    test: /node_modules[\\/]@radix-ui[\\/](primitive|react-checkbox|react-tabs|react-roving-focus|react-collection|react-direction|react-id|react-presence|react-primitive|react-compose-refs|react-context|react-slot|react-use-controllable-state|react-use-callback-ref|react-use-layout-effect|react-use-previous|react-use-size|react-use-effect-event)[\\/]/,
  },
  {
    name: 'overlays',
    test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce|detect-node-es|tslib)[\\/]/,
  },
];

/**
 * React Router's package exports only its development build, whose warnings and checks
 * ran in every production start-up; the production build sits beside it.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), screenPreloads(), precompress()],
  resolve: {
    alias:
      mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    // Maps are written for debugging but referenced from no script, and the server
    // serves them only with SOURCE_MAPS=true: the public gets no copy of the sources.
    sourcemap: 'hidden',
    // The bundle-budget test reads which chunks each route loads from here.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: {
    // `npm run dev -w @portal/web` proxies the API to a portal started with `npm start`.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
