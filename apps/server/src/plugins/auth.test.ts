import { describe, expect, it } from 'vitest';
import { rolesFor } from '@portal/domain/routes';
import { testDialects } from '../test/databases';
import { createTestUser, signIn, withSession } from '../test/sessions';
import { useTestPortal } from '../test/test-portal';
import { requireAuth, requireRole } from './auth';

describe.each(testDialects())('route guards [%s]', (dialect) => {
  const portal = useTestPortal(
    dialect,
    {},
    {
      beforeReady: (app) => {
        app.get(
          '/api/test/analytics',
          { onRequest: [app.authenticate, requireRole(...rolesFor('/analytics'))] },
          async (request) => ({ email: requireAuth(request).user.email }),
        );
      },
    },
  );

  it('lets the roles of the route table in and keeps the others out', async () => {
    const { app, database } = portal();
    await createTestUser(database.db, { email: 'guard-admin@example.com', role: 'admin' });
    await createTestUser(database.db, { email: 'guard-cm@example.com', role: 'case_manager' });
    const admin = (await signIn(app, { email: 'guard-admin@example.com' })).jar;
    const caseManager = (await signIn(app, { email: 'guard-cm@example.com' })).jar;
    const get = { method: 'GET', url: '/api/test/analytics' } as const;

    const allowed = await app.inject(withSession(admin, get));
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ email: 'guard-admin@example.com' });

    const denied = await app.inject(withSession(caseManager, get));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      success: false,
      error: "You don't have permission to perform this action.",
      code: 'forbidden',
    });
    expect((await app.inject(get)).statusCode).toBe(401);
  });
});
