import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZClassificationsResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY } from '../../../lib/query-client';

/** The order categories (SO classifications) the orders panel's dropdown lists. */
export const getOrderCategories = async () => {
  const { classifications } =
    await api.get<z.output<typeof ZClassificationsResponse>>('/api/so-classifications');
  return classifications;
};

export const getOrderCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'order-categories'],
    queryFn: getOrderCategories,
  });

export const useOrderCategories = () => useQuery(getOrderCategoriesQueryOptions());
