import { request } from '@playwright/test';
import { ROLES } from '@portal/domain/roles';

const headers = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/**
 * The demo staff accounts are shared by specs running side by side, and the first-login
 * filter prompt would cover their screens for whichever spec signed in first. Each run starts
 * from a fresh portal, so take them past it once, through the public API as a user choosing
 * 'Skip for now' would. The prompt itself is covered with fresh users
 * (specs/preferences/first-login-filters.spec.ts).
 */
export default async function globalSetup() {
  const baseURL = process.env.E2E_BASE_URL;
  const password = process.env.E2E_DEMO_PASSWORD;
  if (!baseURL || !password) {
    throw new Error('run the end-to-end tests with `npm run test:e2e`');
  }
  for (const role of ROLES.filter((name) => name !== 'patient')) {
    const context = await request.newContext({ baseURL });
    try {
      const login = await context.post('/api/login', {
        headers,
        data: { email: `${role}@example.com`, password },
      });
      if (!login.ok()) {
        throw new Error(`demo sign-in as ${role} failed: ${login.status()}`);
      }
      const { cookies } = await context.storageState();
      const csrf = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
      const shown = await context.post('/api/filter-preferences-shown', {
        headers: { ...headers, 'X-CSRF-TOKEN': csrf },
        data: {},
      });
      if (!shown.ok()) {
        throw new Error(`marking the filter prompt shown for ${role} failed: ${shown.status()}`);
      }
    } finally {
      await context.dispose();
    }
  }
}
