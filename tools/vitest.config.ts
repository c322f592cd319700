import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tools',
    environment: 'node',
    isolate: false,
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 60_000,
  },
});
