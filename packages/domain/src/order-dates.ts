/**
 * The orders panel's date filter (core.md sections 3 and 9: cm_dateType, cm_startDate,
 * cm_endDate, 'Default order date filter 30 days'). Dates are calendar days written
 * 'YYYY-MM-DD'; an order's creation time is placed on its UTC day, as the portal shows it
 * (format.ts), so an order is in a range exactly when the date on screen is.
 */

/** Which of an order's dates the range applies to. */
export const ORDER_DATE_TYPES = ['created', 'delivered'] as const;
export type TOrderDateType = (typeof ORDER_DATE_TYPES)[number];

export const DEFAULT_ORDER_DATE_TYPE: TOrderDateType = 'created';

export const ORDER_DATE_TYPE_LABELS: Record<TOrderDateType, string> = {
  created: 'Created',
  delivered: 'Delivered',
};

/** The default range reaches this many days back from today (core.md section 9). */
export const DEFAULT_ORDER_DATE_DAYS = 30;

export const ORDER_DATE_MESSAGES = {
  badDate: 'Enter a real date as YYYY-MM-DD, for example 2026-01-31',
  endBeforeStart: 'The end date is before the start date',
  badDateType: 'Choose created or delivered',
} as const;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real calendar day written 'YYYY-MM-DD' (no 2026-02-30), year 1000 on. */
export const isIsoDate = (value: string): boolean => {
  const match = ISO_DATE.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
};

/** The UTC day of a moment, as 'YYYY-MM-DD'. */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);

/** Epoch milliseconds of the start of a 'YYYY-MM-DD' day in UTC. */
export const dayStartMs = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00.000Z`);

/** The first millisecond after a 'YYYY-MM-DD' day in UTC. */
export const dayEndMs = (isoDate: string): number => dayStartMs(isoDate) + DAY_MS;

/** A 'YYYY-MM-DD' day moved by whole days. */
export const addDays = (isoDate: string, days: number): string =>
  utcDay(new Date(dayStartMs(isoDate) + days * DAY_MS));

export type TOrderDateRange = {
  /** Empty: no lower bound. */
  startDate: string;
  /** Empty: no upper bound. */
  endDate: string;
};

/**
 * The default range: from the day 30 days before today through today, today being the UTC
 * day, as order dates are shown.
 */
export const defaultOrderDateRange = (now: Date = new Date()): TOrderDateRange => {
  const endDate = utcDay(now);
  return { startDate: addDays(endDate, -DEFAULT_ORDER_DATE_DAYS), endDate };
};

/** Whether a range is in order: either end open, or start on or before end. */
export const isOrderedRange = (range: TOrderDateRange): boolean =>
  range.startDate === '' || range.endDate === '' || range.startDate <= range.endDate;
