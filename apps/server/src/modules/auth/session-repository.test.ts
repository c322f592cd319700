import { describe, expect, it } from 'vitest';
import { testDialects, useMigratedDatabase } from '../../test/databases';
import { insertUser } from '../users/repository';
import {
  findSessionForRefresh,
  findSessionsWithUsers,
  insertSession,
  sessionWithUserFrom,
} from './session-repository';

/** The session read of a signed-in request, for one session. */
const findSessionWithUser = async (db: Parameters<typeof findSessionsWithUsers>[0], id: string) => {
  const values = (await findSessionsWithUsers(db, [id])).get(id);
  return values && sessionWithUserFrom(values);
};

describe.each(testDialects())('the session read of every signed-in request [%s]', (dialect) => {
  const database = useMigratedDatabase(dialect);

  it('answers what a request needs of the session and user rows, every column in its place, and no secret or profile field', async () => {
    const { db } = database();
    // Every column a distinct value, so a column read from the wrong position shows.
    const userId = await insertUser(
      db,
      {
        email: 'reader@example.com',
        username: 'Reader',
        password_hash: 'hash-value',
        role: 'case_manager',
        payor_key: 'P7',
        patient_key: 'K9',
        password_reset_required: 1,
        filter_preferences_shown: 0,
        is_active: 1,
        is_demo: 0,
        password_changed_at: 11,
        first_name: 'Rea',
        last_name: 'Der',
        phone: '555-0100',
        title: 'Nurse',
        office: 'North',
      },
      1_700_000_000_000,
    );
    await insertSession(db, {
      id: 'session-one',
      user_id: userId,
      family_id: 'family-one',
      remember_me: 1,
      ip: '10.0.0.1',
      user_agent: 'Agent/1',
      created_at: 101,
      last_seen_at: 102,
      expires_at: 103,
      revoked_at: 104,
      refresh_jti: 'jti-new',
      previous_refresh_jti: 'jti-old',
      rotated_at: 105,
    });
    const stored = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const storedSession = await db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', 'session-one')
      .executeTakeFirstOrThrow();
    // What a request may know: who the user is, what the guard checks, no secrets.
    const user = {
      id: stored.id,
      email: stored.email,
      username: stored.username,
      role: stored.role,
      payor_key: stored.payor_key,
      patient_key: stored.patient_key,
      password_reset_required: stored.password_reset_required,
      filter_preferences_shown: stored.filter_preferences_shown,
      is_active: stored.is_active,
    };
    const session = {
      id: storedSession.id,
      user_id: storedSession.user_id,
      last_seen_at: storedSession.last_seen_at,
      expires_at: storedSession.expires_at,
      revoked_at: storedSession.revoked_at,
      mfa_enrolment_required: storedSession.mfa_enrolment_required,
    };

    const found = await findSessionWithUser(db, 'session-one');

    expect(found).toEqual({ user, session });
    expect(Object.keys(found?.user ?? {}).sort()).toEqual(Object.keys(user).sort());
    expect(Object.keys(found?.session ?? {}).sort()).toEqual(Object.keys(session).sort());
    // The fixture's hash, phone, title, token ids and client address.
    for (const absent of ['hash-value', '555-0100', 'Nurse', 'jti-', '10.0.0.1']) {
      expect(JSON.stringify(found)).not.toContain(absent);
    }
    expect(await findSessionWithUser(db, 'no-such-session')).toBeUndefined();

    // A refresh reads the token ids, the last rotation and remember-me besides, in the same statement.
    expect(await findSessionForRefresh(db, 'session-one')).toEqual({
      user,
      session: {
        ...session,
        remember_me: storedSession.remember_me,
        rotated_at: storedSession.rotated_at,
      },
      refreshJti: storedSession.refresh_jti,
      previousRefreshJti: storedSession.previous_refresh_jti,
    });
    expect(await findSessionForRefresh(db, 'no-such-session')).toBeUndefined();
  });
});
