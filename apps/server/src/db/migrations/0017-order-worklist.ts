import type { Kysely } from 'kysely';
import { refillWorklist, WORKLIST_INDEXES } from '../../modules/worklist/summary';
import type { Database } from '../schema';

/**
 * The worklist's summaries (issue 30, modules/worklist/summary.ts): one row per order with
 * its patient's payor, names and the sort keys, and the counts per payor, classification
 * and view. The sync refills both with each load of orders, their history or patients; this
 * migration fills them once from the rows already there.
 */

const KEY = 'varchar(64)';

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('order_worklist')
    .addColumn('order_id', KEY, (c) => c.primaryKey().notNull())
    .addColumn('so_number', 'varchar(64)')
    .addColumn('patient_key', KEY, (c) => c.notNull())
    .addColumn('payor_key', KEY)
    .addColumn('last_name', 'varchar(100)')
    .addColumn('first_name', 'varchar(100)')
    .addColumn('patient_id', 'varchar(64)')
    // 'YYYY-MM-DD'
    .addColumn('dob', 'varchar(10)')
    // The names lower-cased, '' for none: the patient sort, the same on every database.
    .addColumn('sort_last', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_first', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(100)')
    .addColumn('intake_status', 'varchar(100)')
    // 'action_items', 'in_progress', 'shipped' (the status group) or '' (none).
    .addColumn('view_group', 'varchar(16)', (c) => c.notNull())
    // 1 when the order is in the Order Shipped view (its group, or its delivery).
    .addColumn('shipped_view', 'smallint', (c) => c.notNull())
    .addColumn('so_classification_key', KEY)
    .addColumn('so_classification_name', 'varchar(255)')
    .addColumn('date_created', 'bigint')
    // date_created, 0 when unknown: sort keys are never NULL, whose place differs by database.
    .addColumn('date_key', 'bigint', (c) => c.notNull())
    // When the order entered its current status (epoch ms), from order_status_history.
    .addColumn('status_since', 'bigint')
    // status_since, or the largest time when unknown (the youngest).
    .addColumn('since_key', 'bigint', (c) => c.notNull())
    .addColumn('tracking_number', 'varchar(64)')
    .addColumn('carrier', 'varchar(64)')
    .addColumn('delivery_status', 'varchar(32)')
    // 'YYYY-MM-DD'
    .addColumn('delivery_date', 'varchar(10)')
    .execute();
  // The lists' and the search's indexes (summary.ts: the refill rebuilds them on SQLite).
  for (const index of WORKLIST_INDEXES) {
    await db.schema
      .createIndex(index.name)
      .on('order_worklist')
      .columns([...index.columns])
      .execute();
  }

  await db.schema
    .createTable('order_worklist_counts')
    .addColumn('payor_key', KEY, (c) => c.notNull())
    // '' for orders without a classification.
    .addColumn('classification_key', KEY, (c) => c.notNull())
    .addColumn('view_group', 'varchar(16)', (c) => c.notNull())
    .addColumn('shipped_view', 'smallint', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_worklist_counts_pk', [
      'payor_key',
      'classification_key',
      'view_group',
      'shipped_view',
    ])
    .execute();

  await refillWorklist(db as Kysely<Database>);
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('order_worklist_counts').execute();
  await db.schema.dropTable('order_worklist').execute();
};
