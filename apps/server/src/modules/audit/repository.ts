import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema';

export const insertAuditEntry = (db: Kysely<Database>, entry: Insertable<AuditLogTable>) =>
  db.insertInto('audit_log').values(entry).execute();

/** A user's trail, newest first; reads of patient data will appear here too. */
export const listAuditEntries = (
  db: Kysely<Database>,
  filter: { userId?: number; action?: string; limit?: number } = {},
) => {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.userId !== undefined) {
    query = query.where('user_id', '=', filter.userId);
  }
  if (filter.action !== undefined) {
    query = query.where('action', '=', filter.action);
  }
  return query
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit ?? 100)
    .execute();
};
