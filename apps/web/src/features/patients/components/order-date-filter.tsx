import {
  DEFAULT_ORDER_DATE_DAYS,
  ORDER_DATE_TYPES,
  ORDER_DATE_TYPE_LABELS,
  defaultOrderDateRange,
  type TOrderDateType,
} from '@portal/domain/order-dates';
import type { TOrderDates } from '../hooks/use-order-dates';
import { hasDateRange } from '../lib/order-date-storage';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';

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
          <Label htmlFor="order-date-type">{DATE_FILTER_TEXTS.type}</Label>
          <Select
            id="order-date-type"
            value={dates.type}
            onChange={(event) => dateFilter.setType(event.target.value as TOrderDateType)}
          >
            {ORDER_DATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {ORDER_DATE_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </div>
        <div className="sm:w-40">
          <Label htmlFor="order-start-date">{DATE_FILTER_TEXTS.from}</Label>
          <Input
            id="order-start-date"
            type="date"
            value={dates.startDate}
            max={dates.endDate || undefined}
            onChange={(event) => dateFilter.setStartDate(event.target.value)}
          />
        </div>
        <div className="sm:w-40">
          <Label htmlFor="order-end-date">{DATE_FILTER_TEXTS.to}</Label>
          <Input
            id="order-end-date"
            type="date"
            value={dates.endDate}
            min={dates.startDate || undefined}
            onChange={(event) => dateFilter.setEndDate(event.target.value)}
          />
        </div>
        {/* Pressed, not disabled, when already chosen: a button disabled by its own click drops focus. */}
        <div className="col-span-2 flex gap-2">
          <Button aria-pressed={!hasDateRange(dates)} onClick={dateFilter.showAllDates}>
            {DATE_FILTER_TEXTS.allDates}
          </Button>
          <Button aria-pressed={isDefault} onClick={dateFilter.showDefaultDates}>
            {DATE_FILTER_TEXTS.defaultDates}
          </Button>
        </div>
      </div>
    </fieldset>
  );
};
