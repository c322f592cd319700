import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZClassificationsResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export const getSoClassifications = async () => {
  const { classifications } =
    await api.get<z.output<typeof ZClassificationsResponse>>('/api/so-classifications');
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
