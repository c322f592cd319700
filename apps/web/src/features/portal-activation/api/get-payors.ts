import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPayorsResponse } from '@portal/domain/portal-activation-api';
import { api } from '../../../lib/api-client';

/** GET /api/admin/payors: the payor filter's choices. */
export const getPayors = async () =>
  (await api.get('/api/admin/payors', { schema: ZPayorsResponse })).payors;

export const getPayorsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'payors'], queryFn: getPayors, staleTime: 5 * 60_000 });

export const usePayors = () => useQuery(getPayorsQueryOptions());
