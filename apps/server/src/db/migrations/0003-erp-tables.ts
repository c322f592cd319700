import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * The ERP tables the portal reads, filled only by the sync engine (apps/server/src/sync).
 * Keys are the ERP's keys as strings; no foreign keys, because a sync replaces a
 * table whole and the ERP, not the portal, owns referential integrity.
 */

type TTable = CreateTableBuilder<string>;
type TColumns = Record<string, `varchar(${number})` | 'bigint' | 'integer'>;

const KEY = 'varchar(64)';

const withColumns = (table: TTable, columns: TColumns): TTable =>
  Object.entries(columns).reduce((builder, [name, type]) => builder.addColumn(name, type), table);

const address = (prefix: 'b' | 'd'): TColumns => ({
  [`${prefix}_street`]: 'varchar(255)',
  [`${prefix}_suite`]: 'varchar(100)',
  [`${prefix}_city`]: 'varchar(100)',
  [`${prefix}_state`]: 'varchar(32)',
  [`${prefix}_zip`]: 'varchar(16)',
});

const index = async (db: Kysely<unknown>, table: string, name: string, columns: string[]) => {
  await db.schema.createIndex(`${table}_${name}_idx`).on(table).columns(columns).execute();
};

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await withColumns(
    db.schema
      .createTable('so_classifications')
      .addColumn('so_classification_key', KEY, (c) => c.primaryKey().notNull()),
    { name: 'varchar(255)', description: 'varchar(1000)' },
  ).execute();

  await withColumns(
    db.schema
      .createTable('patients')
      .addColumn('patient_key', KEY, (c) => c.primaryKey().notNull()),
    {
      patient_id: 'varchar(64)',
      first_name: 'varchar(100)',
      last_name: 'varchar(100)',
      // 'YYYY-MM-DD'
      dob: 'varchar(10)',
      phone: 'varchar(32)',
      phone_mobile: 'varchar(32)',
      email: 'varchar(255)',
      doctor_key: KEY,
      // The primary payor (level 1), so a payor's patient list is one indexed range.
      payor_key: KEY,
      ...address('b'),
      ...address('d'),
      created_at: 'bigint',
    },
  ).execute();
  await index(db, 'patients', 'payor_name', ['payor_key', 'last_name', 'first_name']);
  await index(db, 'patients', 'payor_patient_id', ['payor_key', 'patient_id']);
  await index(db, 'patients', 'patient_id', ['patient_id']);

  await withColumns(
    db.schema
      .createTable('intake_patients')
      .addColumn('patient_key', KEY, (c) => c.primaryKey().notNull()),
    {
      patient_id: 'varchar(64)',
      first_name: 'varchar(100)',
      last_name: 'varchar(100)',
      dob: 'varchar(10)',
      phone: 'varchar(32)',
      payor_key: KEY,
    },
  ).execute();
  await index(db, 'intake_patients', 'payor_name', ['payor_key', 'last_name', 'first_name']);

  await withColumns(
    db.schema.createTable('doctors').addColumn('doctor_key', KEY, (c) => c.primaryKey().notNull()),
    {
      first_name: 'varchar(100)',
      last_name: 'varchar(100)',
      npi: 'varchar(16)',
      phone: 'varchar(32)',
      street: 'varchar(255)',
      suite: 'varchar(100)',
      city: 'varchar(100)',
      state: 'varchar(32)',
      zip: 'varchar(16)',
    },
  ).execute();

  await withColumns(
    db.schema.createTable('payors').addColumn('payor_key', KEY, (c) => c.primaryKey().notNull()),
    { company_key: KEY, company_name: 'varchar(255)', payor_type: 'varchar(64)' },
  ).execute();

  await withColumns(
    db.schema
      .createTable('patient_payors')
      .addColumn('patient_payor_key', KEY, (c) => c.primaryKey().notNull()),
    {
      patient_key: KEY,
      payor_key: KEY,
      // 'Primary', 'Secondary', 'Tertiary'; level_rank orders them (1 first).
      level: 'varchar(32)',
      level_rank: 'integer',
      company_name: 'varchar(255)',
    },
  ).execute();
  await index(db, 'patient_payors', 'patient', ['patient_key', 'level_rank']);
  await index(db, 'patient_payors', 'payor_patient', ['payor_key', 'patient_key']);

  await withColumns(
    db.schema.createTable('orders').addColumn('order_id', KEY, (c) => c.primaryKey().notNull()),
    {
      so_number: 'varchar(64)',
      patient_key: KEY,
      doctor_key: KEY,
      // Epoch ms: the ERP records a time, and analytics subtract dates.
      date_created: 'bigint',
      status: 'varchar(100)',
      delivery_status: 'varchar(32)',
      // 'YYYY-MM-DD'
      delivery_date: 'varchar(10)',
      tracking_number: 'varchar(64)',
      carrier: 'varchar(64)',
      intake_status: 'varchar(100)',
      so_classification_key: KEY,
      so_classification_name: 'varchar(255)',
    },
  ).execute();
  await index(db, 'orders', 'patient_date', ['patient_key', 'date_created']);
  await index(db, 'orders', 'so_number', ['so_number']);
  await index(db, 'orders', 'status', ['status']);
  await index(db, 'orders', 'date_created', ['date_created']);

  await withColumns(
    db.schema
      .createTable('order_items')
      .addColumn('order_item_key', KEY, (c) => c.primaryKey().notNull()),
    {
      order_id: KEY,
      so_number: 'varchar(64)',
      item_key: KEY,
      item_id: 'varchar(64)',
      item_name: 'varchar(255)',
      description: 'varchar(1000)',
      sku: 'varchar(64)',
      hcpcs_code: 'varchar(16)',
      quantity: 'integer',
    },
  ).execute();
  await index(db, 'order_items', 'so_number', ['so_number']);
  await index(db, 'order_items', 'order_id', ['order_id']);

  await withColumns(
    db.schema
      .createTable('order_status_history')
      .addColumn('status_history_key', KEY, (c) => c.primaryKey().notNull()),
    { order_id: KEY, status: 'varchar(100)', entered_at: 'bigint', exited_at: 'bigint' },
  ).execute();
  await index(db, 'order_status_history', 'order', ['order_id', 'entered_at']);
  await index(db, 'order_status_history', 'status', ['status', 'entered_at']);
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'order_status_history',
    'order_items',
    'orders',
    'patient_payors',
    'payors',
    'doctors',
    'intake_patients',
    'patients',
    'so_classifications',
  ]) {
    await db.schema.dropTable(table).execute();
  }
};
