import { DASHBOARD_LINK_PARAMS, type TDashboardLinkParam } from '@portal/domain/dashboard-link';
import { ORDER_VIEWS, type TOrderView } from '@portal/domain/order-progress';
import { normalizeSearch } from '@portal/domain/patients-rules';

export type TDashboardLink = {
  payorKey: string | undefined;
  patientKey: string | undefined;
  /** The open order's SO number. */
  soNumber: string | undefined;
  /** A view the link names; the saved view (cm_status) applies when it names none. */
  view: TOrderView | undefined;
  /** The applied search, normalised; '' for none. */
  search: string;
};

const isOrderView = (value: string | null): value is TOrderView =>
  ORDER_VIEWS.some((view) => view === value);

const read = (params: URLSearchParams, name: TDashboardLinkParam) =>
  params.get(DASHBOARD_LINK_PARAMS[name])?.trim() || undefined;

/** What the dashboard's address asks it to show; absent or empty parameters are undefined. */
export const parseDashboardLink = (params: URLSearchParams): TDashboardLink => {
  const view = params.get(DASHBOARD_LINK_PARAMS.view);
  return {
    payorKey: read(params, 'payor'),
    patientKey: read(params, 'patient'),
    soNumber: read(params, 'order'),
    view: isOrderView(view) ? view : undefined,
    search: normalizeSearch(params.get(DASHBOARD_LINK_PARAMS.search) ?? '') ?? '',
  };
};

/** The page's own address, for screens that read it once (the worklist's payor). */
export const readDashboardLink = (search = window.location.search) =>
  parseDashboardLink(new URLSearchParams(search));

export type TDashboardLinkChange = Partial<Record<TDashboardLinkParam, string | undefined>>;

/**
 * The address after a choice: named parameters set, or dropped when undefined or empty;
 * others (and their order) kept.
 */
export const changeDashboardLink = (
  params: URLSearchParams,
  change: TDashboardLinkChange,
): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(change) as [
    TDashboardLinkParam,
    string | undefined,
  ][]) {
    if (value === undefined || value === '') {
      next.delete(DASHBOARD_LINK_PARAMS[name]);
    } else {
      next.set(DASHBOARD_LINK_PARAMS[name], value);
    }
  }
  return next;
};
