import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { TEXT_MESSAGES } from '@portal/domain/text';
import { testDialects } from '../../test/databases';
import { withSession } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';
import { listAuditEntries } from '../audit/repository';
import { useProfileHarness } from './profile-test-support';

describe.each(testDialects())('GET and PUT /api/profile [%s]', (dialect) => {
  const { portal, signedIn, read, update, row } = useProfileHarness(dialect);

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

  it('limits current-password guesses as a password change does', async () => {
    const { jar } = await signedIn();
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await update(
        jar,
        {
          username: 'Guess',
          email: `guess-${i}@example.com`,
          current_password: `Wrong-Guess-${i}!`,
        },
        '10.30.0.1',
      );
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([400, 400, 400]);
    expect(codes).toContain(429);
  });
});

// The OpenAPI document does not depend on the database, so one dialect is enough.
describe('email confirmation in the OpenAPI document', () => {
  const portal = useTestPortal('sqlite', { API_DOCS: 'true' });

  it('documents the public confirm call with its body and answers', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const confirm = paths['/api/profile/confirm-email']?.post;
    expect(Object.keys(confirm?.responses ?? {}).sort()).toEqual(['200', '400', '409']);
    expect(JSON.stringify(confirm)).toContain('token');
    expect(Object.keys(paths['/api/profile']?.put?.responses ?? {})).not.toContain('409');
  });
});
