import { useState } from 'react';
import type { TOrderView } from '@portal/domain/order-progress';
import { isAllowedSubStatus } from '@portal/domain/order-progress';
import { local } from '../../../lib/storage-keys';
import {
  changeSubStatus,
  changeView,
  readOrderFilter,
  writeOrderFilter,
  type TOrderFilter,
} from '../lib/order-filter-storage';

/** A view named by the dashboard's address, and how to name another there. */
export type TLinkedView = {
  view: TOrderView | undefined;
  onViewChange: (view: TOrderView) => void;
};

/**
 * The orders panel's view and sub-status, remembered in cm_status and cm_subStatus. A view
 * the address names wins over the saved one, which stays the default when it names none.
 */
export const useOrderFilter = (linked?: TLinkedView) => {
  const [saved, setSaved] = useState<TOrderFilter>(() => readOrderFilter(local));
  const view = linked?.view ?? saved.view;
  const filter: TOrderFilter = {
    view,
    subStatus: isAllowedSubStatus(view, saved.subStatus) ? saved.subStatus : '',
  };
  const update = (next: TOrderFilter) => {
    setSaved(next);
    writeOrderFilter(local, next);
  };
  return {
    ...filter,
    setView: (next: TOrderView) => {
      update(changeView(next));
      linked?.onViewChange(next);
    },
    setSubStatus: (subStatus: string) => update(changeSubStatus(filter, subStatus)),
  };
};
