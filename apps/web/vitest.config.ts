import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // jsdom, React and the app's modules once per worker, not once per file: 131 s alone
    // isolated, 17 s not (vitest.config.ts at the root says more).
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
  },
});
