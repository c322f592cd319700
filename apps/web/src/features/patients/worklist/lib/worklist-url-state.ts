import {
  DEFAULT_ORDER_VIEW,
  ORDER_VIEWS,
  isAllowedSubStatus,
  type TOrderView,
} from '@portal/domain/order-progress';
import {
  DEFAULT_SORT_DIRECTION,
  SORT_DIRECTIONS,
  WORKLIST_SORTS,
  type TSortDirection,
  type TWorklistSort,
} from '@portal/domain/worklist-api';

/** Everything the worklist shows, as the page's URL holds it (/worklist?view=…&order=…). */
export type TWorklistState = {
  /** An admin's chosen payor; staff are fixed to their own and never write it. */
  payor: string | undefined;
  view: TOrderView;
  /** Empty for the whole view. */
  subStatus: string;
  /** Classification keys; empty for every category the user's preferences allow. */
  categories: readonly string[];
  /** Only orders waiting more than this many days; undefined for any age. */
  minDays: number | undefined;
  search: string;
  sort: TWorklistSort;
  dir: TSortDirection;
  page: number;
  /** The SO number of the order open beside the list. */
  order: string | undefined;
};

/** The URL's parameter names, also the API's where they share one. */
export const WORKLIST_PARAMS = {
  payor: 'payor',
  view: 'view',
  subStatus: 'sub_status',
  categories: 'categories',
  minDays: 'min_days',
  search: 'search',
  sort: 'sort',
  dir: 'dir',
  page: 'page',
  order: 'order',
} as const satisfies Record<keyof TWorklistState, string>;

/** The ages a user picks from; a pasted link may name any other. */
export const MIN_DAYS_CHOICES = [3, 7, 14, 30] as const;

const MAX_MIN_DAYS = 3650;
const MAX_SEARCH = 100;
const KEY = /^[A-Za-z0-9_.:-]{1,64}$/;
const SO_NUMBER = /^[A-Za-z0-9_.:-]{1,40}$/;

export const DEFAULT_WORKLIST_STATE: TWorklistState = {
  payor: undefined,
  view: DEFAULT_ORDER_VIEW,
  subStatus: '',
  categories: [],
  minDays: undefined,
  search: '',
  sort: 'age',
  dir: DEFAULT_SORT_DIRECTION.age,
  page: 1,
  order: undefined,
};

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);

const wholeNumber = (value: string | null, min: number, max: number): number | undefined => {
  if (value === null || !/^\d{1,7}$/.test(value)) {
    return undefined;
  }
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
};

const keyList = (value: string | null): string[] =>
  [...new Set((value ?? '').split(',').map((key) => key.trim()))].filter((key) => KEY.test(key));

/**
 * The worklist's state from the URL's query. Anything missing or unreadable (a hand-edited
 * link, a sub-status of another view) falls back to its default rather than failing.
 */
export const readWorklistState = (params: URLSearchParams): TWorklistState => {
  const view = oneOf(ORDER_VIEWS, params.get(WORKLIST_PARAMS.view)) ?? DEFAULT_ORDER_VIEW;
  const subStatus = params.get(WORKLIST_PARAMS.subStatus) ?? '';
  const sort = oneOf(WORKLIST_SORTS, params.get(WORKLIST_PARAMS.sort)) ?? 'age';
  const payor = params.get(WORKLIST_PARAMS.payor) ?? '';
  const order = params.get(WORKLIST_PARAMS.order)?.trim() ?? '';
  return {
    payor: KEY.test(payor) ? payor : undefined,
    view,
    subStatus: subStatus !== '' && isAllowedSubStatus(view, subStatus) ? subStatus : '',
    categories: keyList(params.get(WORKLIST_PARAMS.categories)),
    minDays: wholeNumber(params.get(WORKLIST_PARAMS.minDays), 0, MAX_MIN_DAYS),
    search: (params.get(WORKLIST_PARAMS.search) ?? '').trim().slice(0, MAX_SEARCH),
    sort,
    dir: oneOf(SORT_DIRECTIONS, params.get(WORKLIST_PARAMS.dir)) ?? DEFAULT_SORT_DIRECTION[sort],
    page: wholeNumber(params.get(WORKLIST_PARAMS.page), 1, 1_000_000) ?? 1,
    order: SO_NUMBER.test(order) ? order : undefined,
  };
};

/** The URL's query for a state, defaults left out so a plain /worklist stays plain. */
export const writeWorklistState = (state: TWorklistState): URLSearchParams => {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | undefined, fallback?: string | number) => {
    if (value !== undefined && value !== '' && value !== fallback) {
      params.set(name, String(value));
    }
  };
  set(WORKLIST_PARAMS.payor, state.payor);
  set(WORKLIST_PARAMS.view, state.view, DEFAULT_ORDER_VIEW);
  set(WORKLIST_PARAMS.subStatus, state.subStatus);
  set(WORKLIST_PARAMS.categories, state.categories.join(','));
  set(WORKLIST_PARAMS.minDays, state.minDays);
  set(WORKLIST_PARAMS.search, state.search.trim());
  set(WORKLIST_PARAMS.sort, state.sort, 'age');
  set(WORKLIST_PARAMS.dir, state.dir, DEFAULT_SORT_DIRECTION[state.sort]);
  set(WORKLIST_PARAMS.page, state.page, 1);
  set(WORKLIST_PARAMS.order, state.order);
  return params;
};

/** What a filter change does to the state: any change of what is listed starts at page 1. */
export const withFilters = (
  state: TWorklistState,
  change: Partial<
    Pick<TWorklistState, 'payor' | 'view' | 'subStatus' | 'categories' | 'minDays' | 'search'>
  >,
): TWorklistState => {
  const next = { ...state, ...change, page: 1 };
  // A new view keeps its sub-status only when the view lists it.
  if (change.view !== undefined && !isAllowedSubStatus(next.view, next.subStatus)) {
    next.subStatus = '';
  }
  // Another payor's list holds none of this one's orders.
  if (change.payor !== undefined && change.payor !== state.payor) {
    next.order = undefined;
  }
  return next;
};

/**
 * A click on a column heading: the sorted column turns around; another column starts in
 * its own direction (the longest waiting, A to Z, the newest first).
 */
export const withSort = (state: TWorklistState, sort: TWorklistSort): TWorklistState => ({
  ...state,
  sort,
  dir: state.sort === sort ? (state.dir === 'asc' ? 'desc' : 'asc') : DEFAULT_SORT_DIRECTION[sort],
  page: 1,
});

/** Whether anything narrows the list beyond the chosen view. */
export const hasFilters = (state: TWorklistState) =>
  state.subStatus !== '' ||
  state.categories.length > 0 ||
  state.minDays !== undefined ||
  state.search.trim() !== '';

/** The filters cleared; the payor, view and sort stay as chosen. */
export const withoutFilters = (state: TWorklistState): TWorklistState => ({
  ...state,
  subStatus: '',
  categories: [],
  minDays: undefined,
  search: '',
  page: 1,
});
