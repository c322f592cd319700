import {
  DEFAULT_ORDER_VIEW,
  ORDER_VIEWS,
  isAllowedSubStatus,
  type TOrderView,
} from '@portal/domain/order-progress';
import { LOCAL_KEYS } from '../../../lib/storage-keys';

export type TOrderFilter = { view: TOrderView; subStatus: string };

type TStore = {
  get: (key: string) => string | null;
  set: (key: string, value: string) => void;
  remove: (key: string) => void;
};

const isOrderView = (value: string | null): value is TOrderView =>
  ORDER_VIEWS.some((view) => view === value);

/**
 * The saved view and sub-status (cm_status, cm_subStatus), each kept only when it is
 * still valid: an unknown view falls back to Action Items, a sub-status outside the
 * view's list is dropped.
 */
export const readOrderFilter = (store: Pick<TStore, 'get'>): TOrderFilter => {
  const saved = store.get(LOCAL_KEYS.cmStatus);
  const view = isOrderView(saved) ? saved : DEFAULT_ORDER_VIEW;
  const subStatus = store.get(LOCAL_KEYS.cmSubStatus) ?? '';
  return { view, subStatus: isAllowedSubStatus(view, subStatus) ? subStatus : '' };
};

export const writeOrderFilter = (store: TStore, filter: TOrderFilter) => {
  store.set(LOCAL_KEYS.cmStatus, filter.view);
  if (filter.subStatus) {
    store.set(LOCAL_KEYS.cmSubStatus, filter.subStatus);
  } else {
    store.remove(LOCAL_KEYS.cmSubStatus);
  }
};

/** A new view starts without a sub-status (core.md section 4). */
export const changeView = (view: TOrderView): TOrderFilter => ({ view, subStatus: '' });

/** A sub-status is taken only when the view lists it. */
export const changeSubStatus = (filter: TOrderFilter, subStatus: string): TOrderFilter =>
  subStatus === '' || isAllowedSubStatus(filter.view, subStatus)
    ? { ...filter, subStatus }
    : filter;
