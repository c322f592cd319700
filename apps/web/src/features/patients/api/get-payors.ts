import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZPayorsResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

/** The payors the user may browse: all of them for an admin, their own for payor staff. */
export const getPayors = async () => {
  const { payors } = await api.get<z.output<typeof ZPayorsResponse>>('/api/payors');
  return payors;
};

export const getPayorsQueryOptions = () =>
  queryOptions({ queryKey: ['payors'], queryFn: getPayors, retry: retryUnlessClientError });

export const usePayors = (enabled: boolean) => useQuery({ ...getPayorsQueryOptions(), enabled });
