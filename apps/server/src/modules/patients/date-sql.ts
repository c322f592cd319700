import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { dayEndMs, dayStartMs, type TOrderDateType } from '@portal/domain/order-dates';
import type { Database } from '../../db/schema';

/** The orders panel's date range: each end a 'YYYY-MM-DD' day, included; absent, open. */
export type TOrderDates = {
  type: TOrderDateType;
  start?: string | undefined;
  end?: string | undefined;
};

/** Whether a range bounds anything at all. */
export const isDateRange = (dates: TOrderDates | undefined): dates is TOrderDates =>
  dates !== undefined && (dates.start !== undefined || dates.end !== undefined);

/**
 * Whether an order's date falls in the range. The creation time is an epoch millisecond
 * placed on its UTC day, as the portal shows it; the delivery date is a 'YYYY-MM-DD' text,
 * compared as text, and an order without one is outside any range of delivery dates.
 */
export const dateCondition = (
  eb: ExpressionBuilder<Database, 'orders'>,
  dates: TOrderDates,
): Expression<SqlBool> => {
  const bounds: Expression<SqlBool>[] = [];
  if (dates.type === 'created') {
    if (dates.start !== undefined) {
      bounds.push(eb('orders.date_created', '>=', dayStartMs(dates.start)));
    }
    if (dates.end !== undefined) {
      bounds.push(eb('orders.date_created', '<', dayEndMs(dates.end)));
    }
    return eb.and(bounds);
  }
  bounds.push(eb('orders.delivery_date', 'is not', null), eb('orders.delivery_date', '<>', ''));
  if (dates.start !== undefined) {
    bounds.push(eb('orders.delivery_date', '>=', dates.start));
  }
  if (dates.end !== undefined) {
    bounds.push(eb('orders.delivery_date', '<=', dates.end));
  }
  return eb.and(bounds);
};
