import { useState } from 'react';
import type { TOrderView } from '@portal/domain/order-progress';
import { local } from '../../../lib/storage-keys';
import {
  changeSubStatus,
  changeView,
  readOrderFilter,
  writeOrderFilter,
  type TOrderFilter,
} from '../lib/order-filter-storage';

/** The orders panel's view and sub-status, remembered in cm_status and cm_subStatus. */
export const useOrderFilter = () => {
  const [filter, setFilter] = useState<TOrderFilter>(() => readOrderFilter(local));
  const update = (next: TOrderFilter) => {
    setFilter(next);
    writeOrderFilter(local, next);
  };
  return {
    ...filter,
    setView: (view: TOrderView) => update(changeView(view)),
    setSubStatus: (subStatus: string) => update(changeSubStatus(filter, subStatus)),
  };
};
