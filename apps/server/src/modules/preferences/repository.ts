import type { Kysely, Transaction } from 'kysely';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';

export type TPreferenceKind = 'so_classification' | 'order_category';
type TDb = Kysely<Database> | Transaction<Database>;

export const listPreferenceValues = async (db: TDb, userId: number, kind: TPreferenceKind) => {
  const rows = await db
    .selectFrom('user_preferences')
    .select('value')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('value')
    .execute();
  return rows.map((row) => row.value);
};

export const readPreferences = async (db: TDb, userId: number) => ({
  so_classifications: await listPreferenceValues(db, userId, 'so_classification'),
  order_categories: await listPreferenceValues(db, userId, 'order_category'),
});

/** Replaces one kind's values; the caller's transaction makes it all or nothing. */
export const replacePreferenceValues = async (
  trx: Transaction<Database>,
  options: { userId: number; kind: TPreferenceKind; values: string[]; now: number },
) => {
  await trx
    .deleteFrom('user_preferences')
    .where('user_id', '=', options.userId)
    .where('kind', '=', options.kind)
    .execute();
  const values = [...new Set(options.values)];
  if (values.length === 0) {
    return;
  }
  const insert = trx.insertInto('user_preferences').values(
    values.map((value) => ({
      user_id: options.userId,
      kind: options.kind,
      value,
      created_at: options.now,
    })),
  );
  // Values equal by the column's collation are one preference: MariaDB's compares case-
  // and accent-blind ("cpap" = "CPAP"), the others exactly. The database decides which
  // are duplicates, so the first of them is kept instead of the key refusing the rest.
  if (dialectOfDb<Database>(trx) === 'mysql') {
    await insert
      .onDuplicateKeyUpdate({ created_at: (eb) => eb.ref('user_preferences.created_at') })
      .execute();
  } else {
    await insert.onConflict((conflict) => conflict.doNothing()).execute();
  }
};

/** Flips one classification on or off and says which it is now. */
export const toggleClassification = (
  db: Kysely<Database>,
  options: { userId: number; key: string; now: number },
) =>
  db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('user_preferences')
      .where('user_id', '=', options.userId)
      .where('kind', '=', 'so_classification')
      .where('value', '=', options.key)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      return false;
    }
    await trx
      .insertInto('user_preferences')
      .values({
        user_id: options.userId,
        kind: 'so_classification',
        value: options.key,
        created_at: options.now,
      })
      .execute();
    return true;
  });

export const listClassifications = (db: TDb) =>
  db
    .selectFrom('so_classifications')
    .selectAll()
    .orderBy('name')
    .orderBy('so_classification_key')
    .execute();

export const existingClassificationKeys = async (db: TDb, keys: string[]) => {
  if (keys.length === 0) {
    return new Set<string>();
  }
  const rows = await db
    .selectFrom('so_classifications')
    .select('so_classification_key')
    .where('so_classification_key', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.so_classification_key));
};
