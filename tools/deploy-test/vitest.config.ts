import { defineConfig } from 'vitest/config';

/**
 * The standing deployment test (tools/deploy-test): not part of the unit projects, since it
 * needs the built server; `npm run test:deploy` builds first, and `npm test` runs it after
 * the end-to-end tests.
 */
export default defineConfig({
  test: {
    name: 'deployment',
    root: 'tools/deploy-test',
    include: ['**/*.spec.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
