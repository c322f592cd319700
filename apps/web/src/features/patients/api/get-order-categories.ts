import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZClassificationsResponse } from '@portal/domain/patients-api';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY } from '../../../lib/query-client';

/** The order categories (SO classifications) the orders panel's dropdown lists. */
export const getOrderCategories = async () => {
  const { classifications } = await api.get('/api/so-classifications', {
    schema: ZClassificationsResponse,
  });
  return classifications;
};

export const getOrderCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'order-categories'],
    queryFn: getOrderCategories,
  });

export const useOrderCategories = () => useQuery(getOrderCategoriesQueryOptions());
