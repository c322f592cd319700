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
          root: 'packages/domain',
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
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
