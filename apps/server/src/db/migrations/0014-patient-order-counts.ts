import type { Kysely } from 'kysely';
import { refillOrderCounts } from '../../modules/patients/order-count-summary';
import type { Database } from '../schema';

/**
 * Order counts per patient and order classification (modules/patients/order-count-summary.ts):
 * the patient list reads a page's few rows here instead of grouping every order of the page.
 * The sync refills it with each orders load; this migration fills it once from the orders
 * already there, so the list shows counts before the next sync.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('patient_order_counts')
    .addColumn('patient_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('classification_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('in_progress_count', 'integer', (c) => c.notNull())
    .addColumn('shipped_count', 'integer', (c) => c.notNull())
    .addColumn('pending_docs_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('patient_order_counts_pk', ['patient_key', 'classification_key'])
    .execute();
  await refillOrderCounts(db as Kysely<Database>);
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('patient_order_counts').execute();
};
