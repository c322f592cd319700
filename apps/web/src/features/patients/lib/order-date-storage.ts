import {
  DEFAULT_ORDER_DATE_TYPE,
  ORDER_DATE_TYPES,
  defaultOrderDateRange,
  isIsoDate,
  isOrderedRange,
  type TOrderDateRange,
  type TOrderDateType,
} from '@portal/domain/order-dates';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

/** The orders panel's date filter; an empty end is open ('All dates' has both empty). */
export type TOrderDateFilter = TOrderDateRange & { type: TOrderDateType };

type TStore = {
  get: (key: string) => string | null;
  set: (key: string, value: string) => void;
  remove: (key: string) => void;
};

const isDateType = (value: string | null): value is TOrderDateType =>
  ORDER_DATE_TYPES.some((type) => type === value);

const isDefaultRange = (range: TOrderDateRange, now: Date) => {
  const fallback = defaultOrderDateRange(now);
  return range.startDate === fallback.startDate && range.endDate === fallback.endDate;
};

/**
 * The saved filter (cm_dateType, cm_startDate, cm_endDate). Without saved dates the range is
 * the last 30 days, counted from today, so it moves with the calendar. A saved empty date
 * is an open end; a saved date that is not a real 'YYYY-MM-DD' day, or a range that ends
 * before it starts, gives way to the default.
 */
export const readOrderDates = (store: Pick<TStore, 'get'>, now = new Date()): TOrderDateFilter => {
  const savedType = store.get(LOCAL_KEYS.cmDateType);
  const type = isDateType(savedType) ? savedType : DEFAULT_ORDER_DATE_TYPE;
  const fallback = defaultOrderDateRange(now);
  const end = (key: string, otherwise: string) => {
    const saved = store.get(key);
    return saved !== null && (saved === '' || isIsoDate(saved)) ? saved : otherwise;
  };
  const range = {
    startDate: end(LOCAL_KEYS.cmStartDate, fallback.startDate),
    endDate: end(LOCAL_KEYS.cmEndDate, fallback.endDate),
  };
  return { type, ...(isOrderedRange(range) ? range : fallback) };
};

/**
 * Saves the filter. The default range is saved as no dates at all, so it stays 'the last
 * 30 days' on later visits rather than the 30 days it was on the day it was saved.
 */
export const writeOrderDates = (store: TStore, filter: TOrderDateFilter, now = new Date()) => {
  store.set(LOCAL_KEYS.cmDateType, filter.type);
  if (isDefaultRange(filter, now)) {
    store.remove(LOCAL_KEYS.cmStartDate);
    store.remove(LOCAL_KEYS.cmEndDate);
    return;
  }
  store.set(LOCAL_KEYS.cmStartDate, filter.startDate);
  store.set(LOCAL_KEYS.cmEndDate, filter.endDate);
};

/** Whether the filter bounds anything ('All dates' does not). */
export const hasDateRange = (filter: TOrderDateRange) =>
  filter.startDate !== '' || filter.endDate !== '';

/**
 * A new first or last day. A text that is not a whole date (a half-typed one) leaves that
 * end open; a day past the other end moves the other end along, so the range never ends
 * before it starts.
 */
export const changeDate = (
  filter: TOrderDateFilter,
  end: 'startDate' | 'endDate',
  value: string,
): TOrderDateFilter => {
  const date = isIsoDate(value) ? value : '';
  const next = { ...filter, [end]: date };
  if (isOrderedRange(next)) {
    return next;
  }
  return end === 'startDate' ? { ...next, endDate: date } : { ...next, startDate: date };
};

/** 'All dates': both ends open, the date type kept. */
export const allDates = (filter: TOrderDateFilter): TOrderDateFilter => ({
  ...filter,
  startDate: '',
  endDate: '',
});

/** Back to the default range (the last 30 days), the date type kept. */
export const defaultDates = (filter: TOrderDateFilter, now = new Date()): TOrderDateFilter => ({
  ...filter,
  ...defaultOrderDateRange(now),
});
