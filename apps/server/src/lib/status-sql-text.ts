import {
  IN_PROGRESS_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
  SHIPPED_STATUS_PREFIXES,
} from '@portal/domain/order-status';

/**
 * The domain's status groups (packages/domain/src/order-status.ts) as plain SQL text, for
 * the statements the sync runs on its own connections after a load (the analytics
 * summaries, the patient list's order counts), which take no bound parameters. The
 * values are the domain's constants, quoted here. Queries built with Kysely use
 * modules/patients/status-sql.ts instead.
 */

/** A constant as an SQL string literal. */
export const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

const list = (values: readonly string[]) => values.map(sqlString).join(', ');

/** Each group's condition over `status`, an SQL expression (already trimmed if it must be). */
export const statusGroupConditions = (status: string) => ({
  shipped: `(${[
    `${status} IN (${list(SHIPPED_STATUSES)})`,
    ...SHIPPED_STATUS_PREFIXES.map(
      (prefix) => `SUBSTR(${status}, 1, ${prefix.length}) = ${sqlString(prefix)}`,
    ),
  ].join(' OR ')})`,
  inProgress: `${status} IN (${list(IN_PROGRESS_STATUSES)})`,
  pendingDocuments: `${status} IN (${list(PENDING_DOCUMENT_STATUSES)})`,
});
