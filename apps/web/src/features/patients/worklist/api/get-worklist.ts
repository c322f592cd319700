import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorklistResponse } from '@portal/domain/worklist-api';
import { api } from '../../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../../lib/query-client';
import { queryString, segment } from '../../api/query-keys';
import { DEFAULT_WORKLIST_STATE, type TWorklistState } from '../lib/worklist-url-state';

/** The rows a worklist page holds (the contract's default). */
export const WORKLIST_PAGE_SIZE = 25;

/** What the list and its CSV are asked for: the URL's state without the open order. */
export type TWorklistParams = Omit<TWorklistState, 'payor' | 'order'> & { payorKey: string };

export const worklistParams = (payorKey: string, state: TWorklistState): TWorklistParams => ({
  payorKey,
  view: state.view,
  subStatus: state.subStatus,
  categories: state.categories,
  minDays: state.minDays,
  search: state.search,
  sort: state.sort,
  dir: state.dir,
  page: state.page,
});

/** The filters and sort as the API's query, shared by the list and its CSV. */
const filterQuery = (params: TWorklistParams) => ({
  view: params.view,
  sub_status: params.subStatus,
  categories: params.categories.join(','),
  min_days: params.minDays,
  search: params.search.trim(),
  sort: params.sort,
  dir: params.dir,
});

const ordersPath = (payorKey: string) => `/api/worklist/payor/${segment(payorKey)}/orders`;

/** One page of every order of a payor's patients, filtered and sorted by the server. */
export const getWorklist = (params: TWorklistParams) =>
  api.get<TWorklistResponse>(
    `${ordersPath(params.payorKey)}${queryString({
      ...filterQuery(params),
      page: params.page,
      per_page: WORKLIST_PAGE_SIZE,
    })}`,
  );

export const getWorklistQueryOptions = (params: TWorklistParams) =>
  queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'worklist', params],
    queryFn: () => getWorklist(params),
    retry: retryUnlessClientError,
  });

export const useWorklist = (params: TWorklistParams | undefined) =>
  useQuery({
    ...getWorklistQueryOptions(params ?? worklistParams('', DEFAULT_WORKLIST_STATE)),
    enabled: params !== undefined,
    // The counts and the pager keep their place while the next answer loads.
    placeholderData: keepPreviousData,
  });

/**
 * The address of the filtered list as CSV (every page, the server streams it); a plain
 * link downloads it with the session's cookies.
 */
export const worklistCsvUrl = (params: TWorklistParams) =>
  `${ordersPath(params.payorKey)}.csv${queryString(filterQuery(params))}`;
