import type { Kysely } from 'kysely';

/**
 * Summaries the analytics calls read (issue 15), refilled by the sync engine in the same
 * transaction as each orders or order_status_history load (modules/analytics/summaries.ts),
 * so they never disagree with those tables. `day` is whole UTC days since the epoch of the
 * order's creation; a period is a range of days summed. Durations are milliseconds.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  // Per creation day and order category: orders that reached the shipped group, and the sum
  // of their processing times (creation to the first shipped-group status).
  await db.schema
    .createTable('analytics_processing_days')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(255)', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('total_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_processing_days_pk', ['day', 'category'])
    .execute();

  // Per creation day and status: orders with a finished stay in the status, and the sum,
  // least and most of each order's time in it.
  await db.schema
    .createTable('analytics_status_days')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(100)', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addColumn('total_ms', 'bigint', (c) => c.notNull())
    .addColumn('min_ms', 'bigint', (c) => c.notNull())
    .addColumn('max_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_status_days_pk', ['day', 'status'])
    .execute();

  // Per patient, creation day and category: how many orders. A patient's orders in a period
  // (count, first and last day, categories) are a range of these rows.
  await db.schema
    .createTable('analytics_patient_days')
    .addColumn('patient_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(255)', (c) => c.notNull())
    .addColumn('order_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_patient_days_pk', ['patient_key', 'day', 'category'])
    .execute();
  await db.schema
    .createIndex('analytics_patient_days_day_idx')
    .on('analytics_patient_days')
    .columns(['day', 'patient_key', 'category', 'order_count'])
    .execute();

  // One row: when the summaries were last refilled (the 'last synced' the screens show) and a
  // version that changes with every refill, so a process can tell its memo is stale.
  await db.schema
    .createTable('analytics_refresh')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('refreshed_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'analytics_refresh',
    'analytics_patient_days',
    'analytics_status_days',
    'analytics_processing_days',
  ]) {
    await db.schema.dropTable(table).execute();
  }
};
