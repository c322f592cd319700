import type { Kysely } from 'kysely';
import { WORKLIST_PATIENT_INDEX_COLUMNS } from '../../modules/worklist/summary';
import { isMysql } from './columns';

/**
 * The worklist's index by patient also holds every column a searched list filters, counts
 * and sorts by (modules/worklist/search-sql.ts), so a name search's matches are read from
 * the index alone: at 1M patients a three-letter name matched 145k of a payor's 1.86M
 * orders, and reading each through the table took 2 to 3 s (issue 33). It keeps its name;
 * migration 0017, which runs before this one, builds it from the same list.
 */
const INDEX = 'order_worklist_patient_key_idx';

const replaceIndex = async (db: Kysely<unknown>, columns: readonly string[]) => {
  const drop = db.schema.dropIndex(INDEX);
  // Only MySQL names the table an index belongs to.
  await (isMysql(db) ? drop.on('order_worklist') : drop).execute();
  await db.schema
    .createIndex(INDEX)
    .on('order_worklist')
    .columns([...columns])
    .execute();
};

export const up = (db: Kysely<unknown>): Promise<void> =>
  replaceIndex(db, WORKLIST_PATIENT_INDEX_COLUMNS);

export const down = (db: Kysely<unknown>): Promise<void> => replaceIndex(db, ['patient_key']);
