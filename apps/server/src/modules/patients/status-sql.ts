import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import {
  IN_PROGRESS_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
  SHIPPED_STATUS_PREFIXES,
} from '@portal/domain/order-status';
import {
  CLOSED_STATUSES,
  mentionsPendingPod,
  type TOrderPhase,
  type TOrderView,
} from '@portal/domain/order-progress';
import { NO_TRACKING } from '@portal/domain/tracking';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * The domain's status groups and view filters (packages/domain order-status and
 * order-progress) as SQL over the orders table, so lists and counts are computed
 * by the database. status-sql.test.ts checks every rule against the domain's
 * own functions on every dialect.
 */

type TOrdersEb = ExpressionBuilder<Database, 'orders'>;

const deliveryStatusIs = (values: string[]) =>
  sql<SqlBool>`lower(trim(${sql.ref('orders.delivery_status')})) in (${sql.join(values)})`;

/** How many rows meet the condition, as an aggregate. */
export const countWhen = (condition: Expression<SqlBool>) =>
  sql<number>`sum(case when ${condition} then 1 else 0 end)`;

/** The status rules in one dialect's SQL. */
export const orderStatusSql = (dialect: TDialect) => {
  // The status as the domain reads it: trimmed, and compared exactly, case included.
  // MariaDB's collation ignores case, so there it is compared as binary.
  const status =
    dialect === 'mysql'
      ? sql<string>`trim(${sql.ref('orders.status')}) collate utf8mb4_bin`
      : sql<string>`trim(${sql.ref('orders.status')})`;

  const inList = (eb: TOrdersEb, statuses: readonly string[]) => eb(status, 'in', [...statuses]);

  // Not LIKE: SQLite's ignores ASCII case.
  const startsWith = (prefix: string) =>
    sql<SqlBool>`substr(${status}, 1, ${sql.lit(prefix.length)}) = ${prefix}`;

  const isShippedGroup = (eb: TOrdersEb): Expression<SqlBool> =>
    eb.or([inList(eb, SHIPPED_STATUSES), ...SHIPPED_STATUS_PREFIXES.map(startsWith)]);

  const isPendingDocuments = (eb: TOrdersEb) => inList(eb, PENDING_DOCUMENT_STATUSES);

  const isInProgress = (eb: TOrdersEb) => inList(eb, IN_PROGRESS_STATUSES);

  const hasDeliveryDate = (eb: TOrdersEb) =>
    eb.and([eb('orders.delivery_date', 'is not', null), eb('orders.delivery_date', '<>', '')]);

  // hasTrackingNumber: not empty and not 'No Tracking' in any case, both trimmed.
  const tracking = sql<string>`trim(${sql.ref('orders.tracking_number')})`;
  const hasTrackingNumber = (eb: TOrdersEb) =>
    eb.and([
      eb(tracking, '<>', ''),
      eb(sql<string>`lower(${tracking})`, '<>', NO_TRACKING.toLowerCase()),
    ]);

  /** isPastOrder: delivered by either rule, or closed. */
  const isPast = (eb: TOrdersEb): Expression<SqlBool> =>
    eb.or([
      hasTrackingNumber(eb),
      hasDeliveryDate(eb),
      deliveryStatusIs(['delivered']),
      inList(eb, CLOSED_STATUSES),
    ]);

  return {
    /** Whether an order belongs in a view (core.md section 4, "View filters"). */
    viewCondition: (eb: TOrdersEb, view: TOrderView): Expression<SqlBool> => {
      switch (view) {
        case 'all':
          return sql<SqlBool>`1 = 1`;
        case 'action_items':
          return isPendingDocuments(eb);
        case 'in_progress':
          return isInProgress(eb);
        case 'shipped':
          return eb.or([
            isShippedGroup(eb),
            hasDeliveryDate(eb),
            deliveryStatusIs(['shipped', 'delivered']),
          ]);
      }
    },

    /** Active or past orders (isPastOrder in packages/domain order-progress). */
    // A NULL column makes the condition unknown, and NOT of unknown keeps nothing: the CASE
    // puts every order on exactly one side.
    phaseCondition: (eb: TOrdersEb, phase: TOrderPhase): Expression<SqlBool> =>
      sql<SqlBool>`(case when ${isPast(eb)} then 1 else 0 end) = ${sql.lit(phase === 'past' ? 1 : 0)}`,

    /** A sub-status mentioning Pending POD or Pending Tracking matches any pending-POD status. */
    subStatusCondition: (eb: TOrdersEb, subStatus: string): Expression<SqlBool> => {
      if (mentionsPendingPod(subStatus)) {
        const lowered = sql<string>`lower(${sql.ref('orders.status')})`;
        return eb.or([
          eb(lowered, 'like', '%pending pod%'),
          eb(lowered, 'like', '%pending tracking%'),
        ]);
      }
      return eb(status, '=', subStatus);
    },
  };
};
