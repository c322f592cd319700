import type { Kysely } from 'kysely';

/**
 * Uploaded documents (issue 13). A row names an order, or only a patient when it was
 * filed by patient name; scope follows the patient's payor at read time. ERP keys are
 * plain columns without foreign keys: the sync engine replaces ERP rows wholesale. The
 * bytes live in document storage under storage_key, a random id; the original file name
 * is data only. A row is inserted only after its bytes are stored.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('storage_key', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('uploaded_by_user_id', 'integer')
    .addColumn('uploaded_by', 'varchar(255)', (c) => c.notNull())
    .addColumn('order_identifier', 'varchar(100)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(64)')
    .addColumn('order_number', 'varchar(64)')
    .addColumn('patient_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The library lists newest first, for one patient, one order, or everything.
  await db.schema
    .createIndex('documents_patient_idx')
    .on('documents')
    .columns(['patient_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('documents_order_idx')
    .on('documents')
    .columns(['order_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('documents_created_idx')
    .on('documents')
    .column('created_at')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('documents').execute();
};
