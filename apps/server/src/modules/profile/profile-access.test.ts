import { describe, expect, it } from 'vitest';
import { ROLES, type TRole } from '@portal/domain/roles';
import { testDialects } from '../../test/databases';
import { TEST_PASSWORD, createTestUser, signIn, withSession } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';

/**
 * 'My Profile is for any signed-in user' (staff-tools.md section 6): every role reads and
 * updates its own profile, case_manager_admin included; without a session the API says 401.
 * The document library keeps the route table's roles (issue 29).
 */
describe.each(testDialects())('role × profile and documents access [%s]', (dialect) => {
  const portal = useTestPortal(dialect);

  let users = 0;
  const signedInAs = async (role: TRole) => {
    const { app, database } = portal();
    users += 1;
    const email = `access-${users}-${role}@example.com`;
    await createTestUser(database.db, { email, role });
    const { jar } = await signIn(app, { email, password: TEST_PASSWORD });
    return { email, jar };
  };

  it.each(ROLES)('lets %s read and update its profile', async (role) => {
    const { app } = portal();
    const { email, jar } = await signedInAs(role);
    const read = await app.inject(withSession(jar, { method: 'GET', url: '/api/profile' }));
    expect([role, read.statusCode]).toEqual([role, 200]);
    expect(read.json()).toMatchObject({ success: true, email });

    const update = await app.inject(
      withSession(jar, {
        method: 'PUT',
        url: '/api/profile',
        payload: { username: `Renamed ${role}`, email },
      }),
    );
    expect([role, update.statusCode]).toEqual([role, 200]);
    expect(update.json()).toMatchObject({ username: `Renamed ${role}`, email });
  });

  it('answers 401 without a session', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['admin', 200],
    ['case_manager', 200],
    ['customer_service', 200],
    ['case_manager_admin', 403],
    ['patient', 403],
  ] satisfies [TRole, number][])(
    'answers %s on the document library with %i',
    async (role, status) => {
      const { jar } = await signedInAs(role);
      const response = await portal().app.inject(
        withSession(jar, { method: 'GET', url: '/api/documents' }),
      );
      expect([role, response.statusCode]).toEqual([role, status]);
    },
  );

  it('carries no document permission for case_manager_admin', async () => {
    const { jar } = await signedInAs('case_manager_admin');
    const response = await portal().app.inject(
      withSession(jar, { method: 'GET', url: '/api/check-auth' }),
    );
    expect(response.json<{ claims: { permissions: string[] } }>().claims.permissions).toEqual([]);
  });
});
