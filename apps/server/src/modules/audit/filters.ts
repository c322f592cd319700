import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { AUDIT_LIST_ACTIONS, type TAuditFilters } from '@portal/domain/audit-api';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';

const DAY_MS = 24 * 60 * 60_000;

/** The filters with the user and patient resolved to what audit_log stores. */
export type TResolvedFilters = {
  /** undefined: any user; null: the named user does not exist, so nothing matches. */
  userId?: number | null;
  action?: string;
  /** The patient_keys of the patient ID; empty when the ID is unknown (nothing matches). */
  patientKeys?: readonly string[];
  fromAt?: number;
  /** Exclusive: the start of the day after the To date. */
  toAt?: number;
  outcome?: string;
};

const resolveUser = async (db: Kysely<Database>, user: string): Promise<number | null> => {
  if (/^\d+$/.test(user)) {
    const id = Number(user);
    return Number.isSafeInteger(id) ? id : null;
  }
  // Emails are stored lower-cased (users repository).
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', user.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
};

/**
 * A patient ID is what staff see on screen; the trail stores patient_key. Intake
 * patients have IDs of their own table, so both tables are asked.
 */
const resolvePatientKeys = async (db: Kysely<Database>, patientId: string) => {
  const rows = await db
    .selectFrom('patients')
    .select('patient_key')
    .where('patient_id', '=', patientId)
    .unionAll(
      db.selectFrom('intake_patients').select('patient_key').where('patient_id', '=', patientId),
    )
    .execute();
  return [...new Set(rows.map((row) => row.patient_key))];
};

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Looks up the user and patient the admin named; dates become epoch-ms bounds. */
export const resolveFilters = async (
  db: Kysely<Database>,
  filters: TAuditFilters,
): Promise<TResolvedFilters> => ({
  ...(filters.user ? { userId: await resolveUser(db, filters.user) } : {}),
  ...(filters.action ? { action: filters.action } : {}),
  ...(filters.patient_id ? { patientKeys: await resolvePatientKeys(db, filters.patient_id) } : {}),
  ...(filters.from ? { fromAt: dayStart(filters.from) } : {}),
  ...(filters.to ? { toAt: dayStart(filters.to) + DAY_MS } : {}),
  ...(filters.outcome ? { outcome: filters.outcome } : {}),
});

type TEb = ExpressionBuilder<Database, 'audit_log'>;

/** The WHERE of the admin's filters, for the page, the count and the export alike. */
export const auditWhere =
  (db: Kysely<Database>, filters: TResolvedFilters) =>
  (eb: TEb): Expression<SqlBool> => {
    const dialect = dialectOfDb(db);
    const parts: Expression<SqlBool>[] = [];
    if (filters.userId !== undefined) {
      parts.push(
        filters.userId === null
          ? sql<SqlBool>`1 = 0`
          : eb('audit_log.user_id', '=', filters.userId),
      );
    }
    if (filters.action !== undefined) {
      parts.push(eb('audit_log.action', '=', filters.action));
    }
    if (filters.outcome !== undefined) {
      parts.push(eb('audit_log.outcome', '=', filters.outcome));
    }
    if (filters.fromAt !== undefined) {
      parts.push(eb('audit_log.at', '>=', filters.fromAt));
    }
    if (filters.toAt !== undefined) {
      parts.push(eb('audit_log.at', '<', filters.toAt));
    }
    if (filters.patientKeys !== undefined) {
      const keys = filters.patientKeys;
      if (keys.length === 0) {
        parts.push(sql<SqlBool>`1 = 0`);
      } else {
        // A read of one patient names it; a list read names the keys it showed.
        const shownInList = keys.map((key) => listShowedIn(dialect, key));
        parts.push(
          eb.or([
            eb('audit_log.patient_key', 'in', keys),
            eb.and([eb('audit_log.action', 'in', AUDIT_LIST_ACTIONS), eb.or(shownInList)]),
          ]),
        );
      }
    }
    return eb.and(parts);
  };

/**
 * Whether a list read's detail.patient_keys holds the key: an exact JSON lookup in
 * each dialect, so a search text or a longer key that merely contains it never matches.
 */
const listShowedIn = (dialect: ReturnType<typeof dialectOfDb>, patientKey: string) => {
  const detail = sql.ref('audit_log.detail');
  if (dialect === 'sqlite') {
    return sql<SqlBool>`exists (select 1 from json_each(${detail}, '$.patient_keys') where value = ${patientKey})`;
  }
  if (dialect === 'mysql') {
    return sql<SqlBool>`json_contains(${detail}, json_quote(${patientKey}), '$.patient_keys')`;
  }
  return sql<SqlBool>`(${detail}::jsonb -> 'patient_keys') @> jsonb_build_array(${patientKey}::text)`;
};
