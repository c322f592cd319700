import {
  DEFAULT_ORDER_DATE_DAYS,
  ORDER_DATE_TYPES,
  ORDER_DATE_TYPE_LABELS,
  defaultOrderDateRange,
  type TOrderDateType,
} from '@portal/domain/order-dates';
import type { TOrderDates } from '../hooks/use-order-dates';
import { hasDateRange } from '../lib/order-date-storage';
import { buttonClass, selectClass } from '../lib/ui-classes';

const labelClass = 'mb-1 block text-xs font-medium text-slate-700';
// Pressed, not disabled, when already chosen: a button disabled by its own click drops focus.
const choiceClass = `${buttonClass} aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700`;

export const DATE_FILTER_TEXTS = {
  legend: 'Order dates',
  type: 'Date',
  from: 'From',
  to: 'To',
  allDates: 'All dates',
  defaultDates: `Last ${DEFAULT_ORDER_DATE_DAYS} days`,
} as const;

/**
 * Which date (created or delivered) and which days the orders panel lists: the last 30 days
 * until the user picks others; 'All dates' lifts the range (core.md sections 3 and 9).
 */
export const OrderDateFilter = ({ dateFilter }: { dateFilter: TOrderDates }) => {
  const { dates } = dateFilter;
  const fallback = defaultOrderDateRange();
  const isDefault = dates.startDate === fallback.startDate && dates.endDate === fallback.endDate;
  return (
    <fieldset className="mb-3">
      <legend className="sr-only">{DATE_FILTER_TEXTS.legend}</legend>
      {/* On a phone: the type, then From and To side by side, then the two ranges. */}
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <div className="col-span-2 sm:w-36">
          <label htmlFor="order-date-type" className={labelClass}>
            {DATE_FILTER_TEXTS.type}
          </label>
          <select
            id="order-date-type"
            className={selectClass}
            value={dates.type}
            onChange={(event) => dateFilter.setType(event.target.value as TOrderDateType)}
          >
            {ORDER_DATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {ORDER_DATE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:w-40">
          <label htmlFor="order-start-date" className={labelClass}>
            {DATE_FILTER_TEXTS.from}
          </label>
          <input
            id="order-start-date"
            type="date"
            className={selectClass}
            value={dates.startDate}
            max={dates.endDate || undefined}
            onChange={(event) => dateFilter.setStartDate(event.target.value)}
          />
        </div>
        <div className="sm:w-40">
          <label htmlFor="order-end-date" className={labelClass}>
            {DATE_FILTER_TEXTS.to}
          </label>
          <input
            id="order-end-date"
            type="date"
            className={selectClass}
            value={dates.endDate}
            min={dates.startDate || undefined}
            onChange={(event) => dateFilter.setEndDate(event.target.value)}
          />
        </div>
        <div className="col-span-2 flex gap-2">
          <button
            type="button"
            className={choiceClass}
            aria-pressed={!hasDateRange(dates)}
            onClick={dateFilter.showAllDates}
          >
            {DATE_FILTER_TEXTS.allDates}
          </button>
          <button
            type="button"
            className={choiceClass}
            aria-pressed={isDefault}
            onClick={dateFilter.showDefaultDates}
          >
            {DATE_FILTER_TEXTS.defaultDates}
          </button>
        </div>
      </div>
    </fieldset>
  );
};
