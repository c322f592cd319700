import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZClassificationsResponse } from '@portal/domain/patients-api';
import { api } from '../../../lib/api-client';

export const getSoClassifications = async () => {
  const { classifications } = await api.get('/api/so-classifications', {
    schema: ZClassificationsResponse,
  });
  return classifications;
};

export const getSoClassificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['preferences', 'so-classifications'],
    queryFn: getSoClassifications,
  });

/** The order categories (SO classifications) a user may filter by. */
export const useSoClassifications = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...getSoClassificationsQueryOptions(), enabled: options.enabled ?? true });
