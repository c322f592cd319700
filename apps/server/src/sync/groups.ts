import type { Kysely } from 'kysely';
import { ZMapping, type TMapping, type TSyncGroup } from '@portal/domain/sync-mapping';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { defaultGroups, EARLIER_TABLE_ORDER, wholeTableMapping } from './default-groups';

const ZStoredMappings = z.array(ZMapping);

const canonical = (mappings: unknown) => JSON.stringify(ZStoredMappings.parse(mappings));

/** A group's mappings in the order the default groups had before issue 33. */
const inEarlierOrder = (mappings: TMapping[]) =>
  [...mappings].sort(
    (a, b) =>
      EARLIER_TABLE_ORDER.indexOf(a.mysql_table) - EARLIER_TABLE_ORDER.indexOf(b.mysql_table),
  );

/**
 * What an unedited default group may hold from an earlier version: before issue 33 every
 * mapping reloaded its whole table, and its first incremental groups loaded the orders
 * before their history (default-groups.ts, DEFAULT_TABLE_ORDER).
 */
const earlierVersions = (mappings: TMapping[]) =>
  new Set([
    canonical(inEarlierOrder(mappings).map(wholeTableMapping)),
    canonical(inEarlierOrder(mappings)),
  ]);

/**
 * A default group whose mappings are still exactly those of an earlier version takes the
 * current ones; compare-and-set on the stored text, so a group edited meanwhile, here or
 * by another process, keeps the edit.
 */
const upgradeUneditedDefaults = async (
  db: Kysely<Database>,
  rows: { id: string; mappings: string }[],
  now: number,
) => {
  const stored = new Map(rows.map((row) => [row.id, row.mappings]));
  for (const group of defaultGroups()) {
    const current = stored.get(group.id);
    if (current === undefined || canonical(JSON.parse(current)) === canonical(group.mappings)) {
      continue;
    }
    if (earlierVersions(group.mappings).has(canonical(JSON.parse(current)))) {
      await db
        .updateTable('sync_groups')
        .set({
          mappings: JSON.stringify(group.mappings),
          description: group.description,
          updated_at: now,
        })
        .where('id', '=', group.id)
        .where('mappings', '=', current)
        .execute();
    }
  }
};

/**
 * Adds the default groups that are missing. Existing rows are left alone, so a
 * group an admin edited keeps the edit; delete the row to get the default back. An
 * unedited default group from before incremental syncs becomes incremental.
 */
export const ensureDefaultGroups = async (db: Kysely<Database>, now = Date.now()) => {
  const rows = await db.selectFrom('sync_groups').select(['id', 'mappings']).execute();
  await upgradeUneditedDefaults(db, rows, now);
  const existing = new Set(rows.map((row) => row.id));
  const missing = defaultGroups()
    .map((group, position) => ({ group, position }))
    .filter(({ group }) => !existing.has(group.id));
  if (missing.length === 0) {
    return 0;
  }
  await db
    .insertInto('sync_groups')
    .values(
      missing.map(({ group, position }) => ({
        id: group.id,
        name: group.name,
        description: group.description,
        mappings: JSON.stringify(group.mappings),
        is_default: group.isDefault ? 1 : 0,
        position,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return missing.length;
};

type TGroupRow = {
  id: string;
  name: string;
  description: string;
  mappings: string;
  is_default: number;
};

const toGroup = (row: TGroupRow): TSyncGroup => ({
  id: row.id,
  name: row.name,
  description: row.description,
  mappings: ZStoredMappings.parse(JSON.parse(row.mappings)),
  isDefault: row.is_default === 1,
});

export const listGroups = async (db: Kysely<Database>): Promise<TSyncGroup[]> => {
  const rows = await db
    .selectFrom('sync_groups')
    .select(['id', 'name', 'description', 'mappings', 'is_default'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toGroup);
};

export const findGroup = async (
  db: Kysely<Database>,
  id: string,
): Promise<TSyncGroup | undefined> => {
  const row = await db
    .selectFrom('sync_groups')
    .select(['id', 'name', 'description', 'mappings', 'is_default'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toGroup(row) : undefined;
};
