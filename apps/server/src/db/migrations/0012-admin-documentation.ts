import { sql, type Kysely } from 'kysely';
import { idColumn, isMysql } from './columns';

/**
 * Admin documentation (issue 14). admin_documents holds each document as it is now;
 * admin_document_versions keeps every version ever saved (the current one included), with
 * who saved it, when and their change notes, so any version can be opened again. The
 * saver's name is copied into both: a later rename or removal of the account does not
 * rewrite history. Versions go with their document when it is deleted; the audit trail
 * keeps that it was.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  // MariaDB's text holds 64 KB; the content limit (200,000 characters) needs mediumtext.
  const html = isMysql(db) ? sql`mediumtext` : sql`text`;
  await idColumn(db, db.schema.createTable('admin_documents'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', html, (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_fixed', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_by_user_id', 'integer', (c) =>
      c.references('users.id').onDelete('set null'),
    )
    .addColumn('updated_by', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('change_notes', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The list is drawn most recently updated first.
  await db.schema
    .createIndex('admin_documents_updated_idx')
    .on('admin_documents')
    .column('updated_at')
    .execute();

  await idColumn(db, db.schema.createTable('admin_document_versions'))
    .addColumn('doc_id', 'integer', (c) =>
      c.notNull().references('admin_documents.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', html, (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_fixed', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by_user_id', 'integer', (c) =>
      c.references('users.id').onDelete('set null'),
    )
    .addColumn('updated_by', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('change_notes', 'varchar(500)')
    // One row per version: a second writer of the same version fails here at the latest.
    .addUniqueConstraint('admin_document_versions_doc_version_uq', ['doc_id', 'version'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('admin_document_versions').execute();
  await db.schema.dropTable('admin_documents').execute();
};
