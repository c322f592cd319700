import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['verbose'],
    // Vitest's default on this two-core machine kind is one worker (cores - 1), and the
    // server's files mostly wait on a database or a timer: three workers took the unit
    // and API run from 567 s to 388 s here with every test passing.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'domain',
          isolate: false,
          root: 'packages/domain',
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          // A worker keeps its modules from one test file to the next instead of importing
          // the app again for every file: the server's imports took 331 s of worker time
          // isolated and 30 s not. Every file makes its own database and app, and restores
          // what it stubs; the suite passes with its files shuffled (--sequence.shuffle.files).
          isolate: false,
          root: 'apps/server',
          environment: 'node',
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      'tools/vitest.config.ts',
    ],
  },
});
