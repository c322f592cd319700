import type { Insertable, Kysely, Transaction } from 'kysely';
import { dialectOfDb } from '../../db/database';
import type { AdminDocumentVersionsTable, AdminDocumentsTable, Database } from '../../db/schema';

type TDb = Kysely<Database> | Transaction<Database>;

export type TDocValues = Omit<Insertable<AdminDocumentsTable>, 'id' | 'created_at' | 'version'>;

export const listDocs = (db: TDb) =>
  db
    .selectFrom('admin_documents')
    .select(['id', 'title', 'category', 'is_fixed', 'version', 'updated_by', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findDoc = (db: TDb, id: number) =>
  db.selectFrom('admin_documents').selectAll().where('id', '=', id).executeTakeFirst();

export const findVersion = (db: TDb, id: number, version: number) =>
  db
    .selectFrom('admin_document_versions')
    .selectAll()
    .where('doc_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();

/** Every version of a document, newest first, without the content (the list never shows it). */
export const listHistory = (db: TDb, id: number) =>
  db
    .selectFrom('admin_document_versions')
    .select(['version', 'updated_by', 'updated_at', 'change_notes'])
    .where('doc_id', '=', id)
    .orderBy('version', 'desc')
    .execute();

/** Inserts version 1 of a new document and returns its id. */
export const insertDoc = async (trx: Transaction<Database>, values: TDocValues, now: number) => {
  const row = { ...values, version: 1, created_at: now };
  // MariaDB has no RETURNING; it reports the new id as insertId instead.
  if (dialectOfDb<Database>(trx) === 'mysql') {
    const result = await trx.insertInto('admin_documents').values(row).executeTakeFirstOrThrow();
    return Number(result.insertId);
  }
  const inserted = await trx
    .insertInto('admin_documents')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
};

export const insertVersion = (
  trx: Transaction<Database>,
  row: Omit<Insertable<AdminDocumentVersionsTable>, 'id'>,
) => trx.insertInto('admin_document_versions').values(row).execute();

/**
 * Saves the next version only if the document is still at the version the editor started
 * from: a conditional update, so of two saves of the same version exactly one matches.
 * Returns whether it did.
 */
export const updateDocIfAtVersion = async (
  trx: Transaction<Database>,
  options: { id: number; expectedVersion: number; values: TDocValues },
) => {
  const result = await trx
    .updateTable('admin_documents')
    .set({ ...options.values, version: options.expectedVersion + 1 })
    .where('id', '=', options.id)
    .where('version', '=', options.expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Deletes the document and its versions; returns whether there was one. */
export const deleteDoc = async (trx: Transaction<Database>, id: number) => {
  await trx.deleteFrom('admin_document_versions').where('doc_id', '=', id).execute();
  const result = await trx.deleteFrom('admin_documents').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
};
