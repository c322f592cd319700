import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPayorsResponse } from '@portal/domain/patients-api';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

/** The payors the user may browse: all of them for an admin, their own for payor staff. */
export const getPayors = async () => {
  const { payors } = await api.get('/api/payors', { schema: ZPayorsResponse });
  return payors;
};

export const getPayorsQueryOptions = () =>
  queryOptions({ queryKey: ['payors'], queryFn: getPayors, retry: retryUnlessClientError });

export const usePayors = (enabled: boolean) => useQuery({ ...getPayorsQueryOptions(), enabled });
