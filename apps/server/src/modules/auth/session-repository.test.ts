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

  it('answers the session and user rows as they are stored without their secrets, every column in its place', async () => {
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
    // What a request may know: the rows without their secrets.
    const { password_hash: hash, ...user } = stored;
    const { refresh_jti: jti, previous_refresh_jti: previousJti, ...session } = storedSession;

    const found = await findSessionWithUser(db, 'session-one');

    expect(found).toEqual({ user, session });
    expect(Object.keys(found?.user ?? {}).sort()).toEqual(Object.keys(user).sort());
    expect(Object.keys(found?.session ?? {}).sort()).toEqual(Object.keys(session).sort());
    expect(JSON.stringify(found)).not.toContain(hash ?? 'hash-value');
    expect(JSON.stringify(found)).not.toContain('jti-');
    expect(await findSessionWithUser(db, 'no-such-session')).toBeUndefined();

    // A refresh reads the token ids besides, in the same statement.
    expect(await findSessionForRefresh(db, 'session-one')).toEqual({
      user,
      session,
      refreshJti: jti,
      previousRefreshJti: previousJti,
    });
    expect(await findSessionForRefresh(db, 'no-such-session')).toBeUndefined();
  });
});
