import { describe, expect, it } from 'vitest';
import { findUserByEmail, insertUser } from '../modules/users/repository';
import { testDialects } from '../test/databases';
import { useTestPortal } from '../test/test-portal';
import { appliedMigrations, migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

describe.each(testDialects())('migrations [%s]', (dialect) => {
  const portal = useTestPortal(dialect);

  it('applies every migration once and is idempotent', async () => {
    const { db } = portal().database;
    expect(await appliedMigrations(db)).toBe(Object.keys(migrations).length);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('stores users with generated ids, lower-cased unique emails and integer flags', async () => {
    const { db } = portal().database;
    const user = {
      email: ' Mixed.Case@Example.com ',
      username: 'Mixed Case',
      password_hash: null,
      role: 'case_manager',
      password_reset_required: 1,
    };
    const id = await insertUser(db, user, 1_700_000_000_123);
    const second = await insertUser(db, { ...user, email: 'other@example.com' });
    expect(second).toBeGreaterThan(id);

    const row = await findUserByEmail(db, 'MIXED.case@example.com');
    expect(row).toMatchObject({
      id,
      email: 'mixed.case@example.com',
      password_reset_required: 1,
      filter_preferences_shown: 0,
      is_active: 1,
      created_at: 1_700_000_000_123,
    });
    await expect(insertUser(db, { ...user, email: 'mixed.case@example.com' })).rejects.toThrow();
  });

  it('deletes a user’s sessions with the user', async () => {
    const { db } = portal().database;
    const id = await insertUser(db, {
      email: 'sessions@example.com',
      username: 'S',
      password_hash: null,
      role: 'patient',
    });
    const now = Date.now();
    await db
      .insertInto('sessions')
      .values({
        id: `s-${dialect}`,
        user_id: id,
        family_id: 'f',
        created_at: now,
        last_seen_at: now,
        expires_at: now + 1000,
      })
      .execute();
    await db.deleteFrom('users').where('id', '=', id).execute();
    const left = await db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
