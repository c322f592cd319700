import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZOrderItemsResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../lib/query-client';
import { segment } from './query-keys';

/** The lines of one service order. */
export const getOrderItems = async (soNumber: string) => {
  const { items } = await api.get<z.output<typeof ZOrderItemsResponse>>(
    `/api/patients/orders/${segment(soNumber)}/items`,
  );
  return items;
};

export const getOrderItemsQueryOptions = (soNumber: string) =>
  queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'items', soNumber],
    queryFn: () => getOrderItems(soNumber),
    retry: retryUnlessClientError,
  });

export const useOrderItems = (soNumber: string | undefined) =>
  useQuery({ ...getOrderItemsQueryOptions(soNumber ?? ''), enabled: soNumber !== undefined });
