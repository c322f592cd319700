import { describe, expect, it } from 'vitest';
import { testDialects, useMigratedDatabase } from '../../test/databases';
import { insertUser } from '../users/repository';
import { createSessionReader } from './session-reader';
import { insertSession, revokeSession } from './session-repository';

const SESSIONS = 70;

describe.each(testDialects())('session reads of concurrent requests [%s]', (dialect) => {
  const database = useMigratedDatabase(dialect, async (db) => {
    for (let index = 0; index < SESSIONS; index += 1) {
      const userId = await insertUser(db, {
        email: `reader${index}@example.com`,
        username: `Reader ${index}`,
        password_hash: null,
        role: 'case_manager',
        payor_key: `P${index}`,
        patient_key: null,
      });
      await insertSession(db, {
        id: `session-${index}`,
        user_id: userId,
        family_id: `family-${index}`,
        created_at: 1,
        last_seen_at: 2,
        expires_at: 3,
      });
    }
  });

  it('answers each request its own session and user, however many arrive together', async () => {
    const reader = createSessionReader(database());
    const ids = [
      ...Array.from({ length: SESSIONS }, (_, index) => `session-${index}`),
      'session-3',
      'no-such-session',
    ];

    const found = await Promise.all(ids.map((id) => reader.read(id)));

    found.slice(0, SESSIONS).forEach((row, index) => {
      expect(row?.session.id).toBe(`session-${index}`);
      expect(row?.user.email).toBe(`reader${index}@example.com`);
      expect(row?.user.payor_key).toBe(`P${index}`);
    });
    // The same session read twice: the same row, in objects of each request's own.
    expect(found[SESSIONS]).toEqual(found[3]);
    expect(found[SESSIONS]?.session).not.toBe(found[3]?.session);
    expect(found[SESSIONS + 1]).toBeUndefined();
    expect(reader.stats.reads).toBe(ids.length);
    // The 70 distinct sessions asked together share statements of at most 64.
    expect(reader.stats.statements).toBe(2);
  });

  it('sees a revocation committed before the read', async () => {
    const { db } = database();
    const reader = createSessionReader(database());
    expect((await reader.read('session-5'))?.session.revoked_at).toBeNull();
    await revokeSession(db, 'session-5', 99);
    const [again, other] = await Promise.all([reader.read('session-5'), reader.read('session-6')]);
    expect(again?.session.revoked_at).toBe(99);
    expect(other?.session.revoked_at).toBeNull();
  });
});
