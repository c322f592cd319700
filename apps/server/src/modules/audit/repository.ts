import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema';
import { auditWhere, type TResolvedFilters } from './filters';

export const insertAuditEntry = (db: Kysely<Database>, entry: Insertable<AuditLogTable>) =>
  db.insertInto('audit_log').values(entry).execute();

/** Audit rows in one statement (modules/audit/writer.ts batches them). */
export const insertAuditEntries = (db: Kysely<Database>, entries: Insertable<AuditLogTable>[]) =>
  db.insertInto('audit_log').values(entries).execute();

/** A user's trail, newest first; reads of patient data will appear here too. */
export const listAuditEntries = (
  db: Kysely<Database>,
  filter: { userId?: number; action?: string; outcome?: string; limit?: number } = {},
) => {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.userId !== undefined) {
    query = query.where('user_id', '=', filter.userId);
  }
  if (filter.action !== undefined) {
    query = query.where('action', '=', filter.action);
  }
  if (filter.outcome !== undefined) {
    query = query.where('outcome', '=', filter.outcome);
  }
  return query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 100)
    .execute();
};

/** Rows with the user's email and the patient's visible ID beside the stored keys. */
const selectTrail = (db: Kysely<Database>, filters: TResolvedFilters) =>
  db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.user_id')
    .leftJoin('patients', 'patients.patient_key', 'audit_log.patient_key')
    .leftJoin('intake_patients', 'intake_patients.patient_key', 'audit_log.patient_key')
    .select((eb) => [
      'audit_log.id',
      'audit_log.at',
      'audit_log.user_id',
      'users.email as user_email',
      'audit_log.action',
      'audit_log.outcome',
      'audit_log.ip',
      'audit_log.patient_key',
      eb.fn.coalesce('patients.patient_id', 'intake_patients.patient_id').as('patient_id'),
      'audit_log.detail',
    ])
    .where(auditWhere(db, filters));

export type TTrailRow = Awaited<ReturnType<ReturnType<typeof selectTrail>['execute']>>[number];

export const countTrail = async (db: Kysely<Database>, filters: TResolvedFilters) => {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where(auditWhere(db, filters))
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

/** One page, newest first (id breaks ties within a millisecond). */
export const pageTrail = (
  db: Kysely<Database>,
  filters: TResolvedFilters,
  page: { page: number; perPage: number },
) =>
  selectTrail(db, filters)
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();

const EXPORT_BATCH = 2_000;

/**
 * Every matching row, newest first, read in batches after the last row seen, so an
 * export holds one batch in memory however many rows it writes.
 */
export async function* streamTrail(
  db: Kysely<Database>,
  filters: TResolvedFilters,
  limit: number,
): AsyncGenerator<TTrailRow> {
  let after: { at: number; id: number } | undefined;
  let written = 0;
  while (written < limit) {
    const last = after;
    const rows = await selectTrail(db, filters)
      .$if(last !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb('audit_log.at', '<', last?.at ?? 0),
            eb.and([
              eb('audit_log.at', '=', last?.at ?? 0),
              eb('audit_log.id', '<', last?.id ?? 0),
            ]),
          ]),
        ),
      )
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(Math.min(EXPORT_BATCH, limit - written))
      .execute();
    for (const row of rows) {
      yield row;
    }
    written += rows.length;
    const tail = rows.at(-1);
    if (!tail || rows.length < EXPORT_BATCH) {
      return;
    }
    after = { at: tail.at, id: tail.id };
  }
}
