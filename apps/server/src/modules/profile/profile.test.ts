import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { TEXT_MESSAGES } from '@portal/domain/text';
import { testDialects } from '../../test/databases';
import { readOutboxFiles } from '../../test/mail';
import { TEST_PASSWORD, createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { listAuditEntries } from '../audit/repository';

describe.each(testDialects())('GET and PUT /api/profile [%s]', (dialect) => {
  const portal = useTestPortal(dialect);

  let users = 0;
  const signedIn = async (role: 'patient' | 'case_manager' = 'case_manager') => {
    const { app, database } = portal();
    users += 1;
    const email = `profile-${users}@example.com`;
    const id = await createTestUser(database.db, { email, role });
    return { id, email, jar: (await signIn(app, { email })).jar };
  };
  const read = (jar: TJar) =>
    portal().app.inject(withSession(jar, { method: 'GET', url: '/api/profile' }));
  const update = (jar: TJar, payload: object) =>
    portal().app.inject(withSession(jar, { method: 'PUT', url: '/api/profile', payload }));
  const row = (id: number) =>
    portal()
      .database.db.selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('answers the signed-in user’s full name and email, not to be cached', async () => {
    const { email, jar } = await signedIn('patient');
    const response = await read(jar);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, username: email.split('@')[0], email });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await portal().app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(
      401,
    );
  });

  it('renames the user without a password, audits it, and check-auth shows the new name', async () => {
    const { app, database } = portal();
    const { id, email, jar } = await signedIn();
    const response = await update(jar, { username: '  Dana Whitfield ', email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: PROFILE_MESSAGES.updated,
      username: 'Dana Whitfield',
      email,
    });
    expect((await row(id)).username).toBe('Dana Whitfield');
    const auth = await app.inject(withSession(jar, { method: 'GET', url: '/api/check-auth' }));
    expect(auth.json<{ user: { username: string } }>().user.username).toBe('Dana Whitfield');
    const [entry] = await listAuditEntries(database.db, { userId: id, action: 'profile_update' });
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({ name_changed: true });
  });

  it('requires both fields, a valid email and no control characters', async () => {
    const { id, email, jar } = await signedIn();
    const cases: [object, string][] = [
      [{ username: '', email }, 'Full name is required'],
      [{ username: 'Ann', email: '' }, 'Email address is required'],
      [{ username: 'Ann', email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ username: 'Ann' }, 'email'],
      [{ email }, 'username'],
      [{ username: 'A'.repeat(101), email }, 'at most 100'],
      [{ username: 'Ann\u0000', email }, TEXT_MESSAGES.invalidCharacters],
      [{ username: 'Ann\r\nLee', email }, TEXT_MESSAGES.invalidCharacters],
    ];
    for (const [payload, text] of cases) {
      const response = await update(jar, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(text);
    }
    expect((await row(id)).username).toBe(email.split('@')[0]);
  });

  it('asks for the current password to change the email, then moves the sign-in to it', async () => {
    const { app, database, config } = portal();
    const { id, email, jar } = await signedIn();
    const next = `moved-${id}@example.com`;

    const missing = await update(jar, { username: 'Moved', email: next });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toBe(PROFILE_MESSAGES.currentPasswordRequired);
    const wrong = await update(jar, {
      username: 'Moved',
      email: next,
      current_password: 'Wrong-Password-1!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: string }>().error).toBe(PROFILE_MESSAGES.currentPasswordWrong);
    expect((await row(id)).email).toBe(email);

    const right = await update(jar, {
      username: 'Moved',
      email: ` ${next.toUpperCase()} `,
      current_password: TEST_PASSWORD,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ username: 'Moved', email: next });
    expect((await row(id)).email).toBe(next);
    expect((await signIn(app, { email })).response.statusCode).toBe(401);
    expect((await signIn(app, { email: next })).response.statusCode).toBe(200);

    // The old address hears of the change; the trail names both addresses.
    await app.mail.flush();
    const notices = (await readOutboxFiles(config.dataDir)).filter((mail) =>
      mail.includes(`To: ${email}`),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`changed to ${next}`);
    const [entry] = await listAuditEntries(database.db, { userId: id, action: 'profile_update' });
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
      name_changed: true,
      email_from: email,
      email_to: next,
    });
  });

  it('refuses an email another account uses with a 409, whatever its case', async () => {
    const first = await signedIn();
    const second = await signedIn();
    for (const taken of [second.email, second.email.toUpperCase()]) {
      const response = await update(first.jar, {
        username: 'Someone',
        email: taken,
        current_password: TEST_PASSWORD,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        error: PROFILE_MESSAGES.emailTaken,
        code: 'conflict',
      });
    }
    expect((await row(first.id)).email).toBe(first.email);
    // Keeping one's own email (in another case) is no change and needs no password.
    const same = await update(first.jar, { username: 'Same', email: first.email.toUpperCase() });
    expect(same.statusCode).toBe(200);
  });

  it('limits current-password guesses as a password change does', async () => {
    const { jar } = await signedIn();
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await update(jar, {
        username: 'Guess',
        email: `guess-${i}@example.com`,
        current_password: `Wrong-Guess-${i}!`,
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([400, 400, 400]);
    expect(codes).toContain(429);
  });
});
