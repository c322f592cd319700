import { sql, type Insertable, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { TDocumentType } from '@portal/domain/documents';
import type { Database, DocumentsTable } from '../../db/schema';
import type { TDocumentScope } from './scope';
import { containsPattern, likeEscaped } from '../../lib/like';

export type TDocumentRow = Selectable<DocumentsTable>;
/** A document with its patient's name and current payor (null when the ERP no longer has it). */
export type TDocumentWithPatient = TDocumentRow & {
  patient_first_name: string | null;
  patient_last_name: string | null;
  patient_payor_key: string | null;
};

const withPatient = (db: Kysely<Database>) =>
  db
    .selectFrom('documents')
    .leftJoin('patients', 'patients.patient_key', 'documents.patient_key')
    .selectAll('documents')
    .select([
      'patients.first_name as patient_first_name',
      'patients.last_name as patient_last_name',
      'patients.payor_key as patient_payor_key',
    ]);

export const insertDocuments = async (db: Kysely<Database>, rows: Insertable<DocumentsTable>[]) => {
  await db.insertInto('documents').values(rows).execute();
};

export const findDocument = (db: Kysely<Database>, id: string) =>
  withPatient(db).where('documents.id', '=', id).executeTakeFirst();

export const deleteDocumentRow = async (db: Kysely<Database>, id: string) => {
  const result = await db.deleteFrom('documents').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};

export type TDocumentFilter = {
  scope: TDocumentScope;
  patientKey?: string | undefined;
  orderKey?: string | undefined;
  search?: string | undefined;
  type?: TDocumentType | undefined;
};

const filtered = (db: Kysely<Database>, filter: TDocumentFilter) => {
  let query = withPatient(db);
  const { scope } = filter;
  if (scope.kind === 'none') {
    query = query.where(sql<SqlBool>`1 = 0`);
  } else if (scope.kind === 'patient') {
    query = query.where('documents.patient_key', '=', scope.patientKey);
  } else if (scope.kind === 'payor') {
    query = query.where('patients.payor_key', '=', scope.payorKey);
  }
  if (filter.patientKey) {
    query = query.where('documents.patient_key', '=', filter.patientKey);
  }
  if (filter.orderKey) {
    query = query.where('documents.order_id', '=', filter.orderKey);
  }
  if (filter.type) {
    query = query.where('documents.file_type', '=', filter.type);
  }
  if (filter.search) {
    // Case-blind everywhere: lower() on both sides (MariaDB's collation ignores case anyway).
    const pattern = containsPattern(filter.search);
    const like = (column: string) => likeEscaped(sql`lower(${sql.ref(column)})`, pattern);
    query = query.where((eb) =>
      eb.or([
        like('documents.file_name'),
        like('documents.description'),
        like('documents.order_identifier'),
        like('documents.order_number'),
        like('documents.uploaded_by'),
      ]),
    );
  }
  return query;
};

export const countDocuments = async (db: Kysely<Database>, filter: TDocumentFilter) => {
  const row = await filtered(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

export const listDocuments = (
  db: Kysely<Database>,
  filter: TDocumentFilter & { page: number; perPage: number },
): Promise<TDocumentWithPatient[]> =>
  filtered(db, filter)
    .orderBy('documents.created_at', 'desc')
    .orderBy('documents.id', 'desc')
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();

/** The storage keys among `keys` that a row names, for the orphan sweep. */
export const knownStorageKeys = async (db: Kysely<Database>, keys: string[]) => {
  if (keys.length === 0) {
    return new Set<string>();
  }
  const rows = await db
    .selectFrom('documents')
    .select('storage_key')
    .where('storage_key', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.storage_key));
};

/** The order an upload names by its key (the dashboard's order detail sends it). */
export const findOrderByKey = (db: Kysely<Database>, orderId: string) =>
  db
    .selectFrom('orders')
    .select(['order_id', 'so_number', 'patient_key'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();

/** Orders whose SO number is one of `soNumbers`, whatever the letters' case. */
export const findOrdersBySoNumber = (db: Kysely<Database>, soNumbers: readonly string[]) =>
  db
    .selectFrom('orders')
    .select(['order_id', 'so_number', 'patient_key'])
    .where(
      sql<SqlBool>`lower(so_number) in (${sql.join(soNumbers.map((number) => number.toLowerCase()))})`,
    )
    .orderBy('order_id')
    .limit(10)
    .execute();

/** Patients in scope whose first or last name is one of the words; the caller matches whole names. */
export const findPatientsByNameWords = (
  db: Kysely<Database>,
  words: string[],
  scope: TDocumentScope,
) => {
  let query = db
    .selectFrom('patients')
    .select(['patient_key', 'first_name', 'last_name', 'payor_key'])
    .where((eb) =>
      eb.or([eb(sql`lower(last_name)`, 'in', words), eb(sql`lower(first_name)`, 'in', words)]),
    );
  if (scope.kind === 'none') {
    return Promise.resolve([]);
  }
  if (scope.kind === 'patient') {
    query = query.where('patient_key', '=', scope.patientKey);
  } else if (scope.kind === 'payor') {
    query = query.where('payor_key', '=', scope.payorKey);
  }
  return query.limit(200).execute();
};

export const findPatientScopeRow = (db: Kysely<Database>, patientKey: string) =>
  db
    .selectFrom('patients')
    .select(['patient_key', 'payor_key', 'first_name', 'last_name'])
    .where('patient_key', '=', patientKey)
    .executeTakeFirst();
