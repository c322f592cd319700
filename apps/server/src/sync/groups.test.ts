import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FULL_RELOAD_GROUP_ID, DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { createDatabase, type TPortalDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase, testDialects } from '../test/databases';
import { SYNC_DESTINATION_TABLES } from '@portal/domain/sync-destinations';
import {
  DEFAULT_TABLE_ORDER,
  defaultGroups,
  EARLIER_TABLE_ORDER,
  wholeTableMapping,
} from './default-groups';
import { ensureDefaultGroups, findGroup } from './groups';

/**
 * The default groups in a portal database (issue 33): an install from before incremental
 * syncs gets them where its groups are unedited, and keeps every edit.
 */
describe.each(testDialects())('default sync groups [%s]', (dialect) => {
  let database: TPortalDatabase;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const test = await createTestDatabase(dialect, { migrated: true });
    drop = test.drop;
    database = createDatabase(test.url);
    await migrateToLatest(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
    await drop();
  }, 60_000);

  /**
   * The groups as an earlier install stored them: the orders before their history, and
   * before issue 33 every mapping a whole-table reload.
   */
  const storeOldDefaults = async (version: 'whole-table' | 'incremental' = 'whole-table') => {
    await database.db.deleteFrom('sync_groups').execute();
    const rank = (table: string) => EARLIER_TABLE_ORDER.indexOf(table);
    await database.db
      .insertInto('sync_groups')
      .values(
        defaultGroups()
          .filter((group) => group.id !== DEFAULT_FULL_RELOAD_GROUP_ID)
          .map((group, position) => ({
            id: group.id,
            name: group.name,
            description: 'old',
            mappings: JSON.stringify(
              [...group.mappings]
                .sort((a, b) => rank(a.mysql_table) - rank(b.mysql_table))
                .map((mapping) =>
                  mapping.incremental && version === 'whole-table'
                    ? wholeTableMapping(mapping)
                    : mapping,
                ),
            ),
            is_default: 1,
            position,
            created_at: 1,
            updated_at: 1,
          })),
      )
      .execute();
  };

  it('orders every destination once, the status history before the orders', () => {
    expect([...DEFAULT_TABLE_ORDER].sort()).toEqual([...SYNC_DESTINATION_TABLES].sort());
    expect(DEFAULT_TABLE_ORDER.indexOf('order_status_history')).toBeLessThan(
      DEFAULT_TABLE_ORDER.indexOf('orders'),
    );
  });

  it('loads the history before the orders in an unedited incremental full sync group', async () => {
    await storeOldDefaults('incremental');
    await ensureDefaultGroups(database.db, 2);
    const full = await findGroup(database.db, DEFAULT_FULL_SYNC_GROUP_ID);
    expect(full!.mappings.map((mapping) => mapping.mysql_table)).toEqual([...DEFAULT_TABLE_ORDER]);
    expect(full!.description).not.toBe('old');
  });

  it('makes unedited default groups incremental and adds the full reload group', async () => {
    await storeOldDefaults();
    await ensureDefaultGroups(database.db, 2);
    const full = await findGroup(database.db, DEFAULT_FULL_SYNC_GROUP_ID);
    expect(full!.mappings.map((mapping) => mapping.mysql_table)).toEqual([...DEFAULT_TABLE_ORDER]);
    const orders = full!.mappings.find((mapping) => mapping.mysql_table === 'orders');
    expect(orders).toMatchObject({ use_upsert: true, truncate_first: false });
    expect(orders!.incremental?.cursor_column).toContain('SO.LASTMODIFIED');
    expect((await findGroup(database.db, 'doctors'))!.description).toBe('old');
    const reload = await findGroup(database.db, DEFAULT_FULL_RELOAD_GROUP_ID);
    expect(reload!.mappings.every((m) => !m.incremental || m.incremental.full_reload)).toBe(true);
  });

  it('leaves an edited default group as the admin left it', async () => {
    await storeOldDefaults();
    const edited = JSON.stringify([
      { ...wholeTableMapping(defaultGroups()[0]!.mappings[0]!), description: 'mine' },
    ]);
    await database.db
      .updateTable('sync_groups')
      .set({ mappings: edited })
      .where('id', '=', 'patients')
      .execute();
    await ensureDefaultGroups(database.db, 3);
    const row = await database.db
      .selectFrom('sync_groups')
      .select(['mappings', 'updated_at'])
      .where('id', '=', 'patients')
      .executeTakeFirstOrThrow();
    expect(row.mappings).toBe(edited);
    // PostgreSQL returns a bigint as text.
    expect(`${row.updated_at}`).toBe('1');
  });
});
