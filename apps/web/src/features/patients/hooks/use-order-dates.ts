import { useState } from 'react';
import type { TOrderDateType } from '@portal/domain/order-dates';
import { local } from '../../../lib/storage-keys';
import {
  allDates,
  changeDate,
  defaultDates,
  readOrderDates,
  writeOrderDates,
  type TOrderDateFilter,
} from '../lib/order-date-storage';

/** The orders panel's date filter, remembered in cm_dateType, cm_startDate and cm_endDate. */
export const useOrderDates = () => {
  const [dates, setDates] = useState<TOrderDateFilter>(() => readOrderDates(local));
  const update = (next: TOrderDateFilter) => {
    setDates(next);
    writeOrderDates(local, next);
  };
  return {
    dates,
    setType: (type: TOrderDateType) => update({ ...dates, type }),
    setStartDate: (value: string) => update(changeDate(dates, 'startDate', value)),
    setEndDate: (value: string) => update(changeDate(dates, 'endDate', value)),
    showAllDates: () => update(allDates(dates)),
    showDefaultDates: () => update(defaultDates(dates)),
  };
};

export type TOrderDates = ReturnType<typeof useOrderDates>;
