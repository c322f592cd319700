import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZOrderItemsResponse } from '@portal/domain/patients-api';
import { api } from '../../../lib/api-client';

export const getOrderItems = async (soNumber: string) => {
  const { items } = await api.get(`/api/patients/orders/${encodeURIComponent(soNumber)}/items`, {
    schema: ZOrderItemsResponse,
  });
  return items;
};

export const getOrderItemsQueryOptions = (soNumber: string) =>
  queryOptions({
    queryKey: ['patients', 'timeline', 'order-items', soNumber],
    queryFn: () => getOrderItems(soNumber),
  });

/** The items of one order, fetched when its card is expanded. */
export const useOrderItems = (soNumber: string) => useQuery(getOrderItemsQueryOptions(soNumber));
