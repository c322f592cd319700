import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { createQueryClient, retryUnlessClientError } from '../../../lib/query-client';
import { getFavoritesQueryOptions } from './get-favorites';
import { getIntakePatientsQueryOptions } from './get-intake-patients';
import { getOrderCategoriesQueryOptions } from './get-order-categories';
import { getOrderItemsQueryOptions } from './get-order-items';
import { getOrdersQueryOptions } from './get-orders';
import { getPatientQueryOptions } from './get-patient';
import { getPatientCompanyQueryOptions } from './get-patient-company';
import { getPatientsQueryOptions } from './get-patients';
import { queryString } from './query-keys';

describe('patient query cache', () => {
  const options = [
    getPatientsQueryOptions({ payorKey: 'P1', search: '', page: 1 }),
    getPatientQueryOptions({ payorKey: 'P1', patientKey: 'K1' }),
    getPatientCompanyQueryOptions('K1'),
    getFavoritesQueryOptions(7),
    getOrdersQueryOptions({
      payorKey: 'P1',
      patientKey: 'K1',
      page: 1,
      view: 'all',
      subStatus: '',
    }),
    getOrderItemsQueryOptions('SO-1'),
    getIntakePatientsQueryOptions({ payorKey: 'P1', search: '', page: 1 }),
    getOrderCategoriesQueryOptions(),
  ];

  it("keeps every patient, order and item query under the root key 'patients'", () => {
    for (const option of options) {
      expect(option.queryKey[0]).toBe('patients');
    }
  });

  it('holds data 5 minutes fresh and 10 minutes in memory (the query client defaults)', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 300_000, gcTime: 600_000 });
    for (const option of options) {
      expect(option).not.toHaveProperty('staleTime');
      expect(option).not.toHaveProperty('gcTime');
    }
  });

  it('keys the patient list by payor, search, page and page size', () => {
    expect(getPatientsQueryOptions({ payorKey: 'P1', search: 'ja', page: 2 }).queryKey).toEqual([
      'patients',
      'list',
      { payorKey: 'P1', search: 'ja', page: 2, perPage: 15 },
    ]);
  });

  it('retries server trouble, not client errors or broken answers', () => {
    expect(retryUnlessClientError(0, new ApiError(500, 'Server error'))).toBe(true);
    expect(retryUnlessClientError(2, new ApiError(500, 'Server error'))).toBe(false);
    expect(retryUnlessClientError(0, new ApiError(403, 'Forbidden'))).toBe(false);
    expect(retryUnlessClientError(0, new ZodError([]))).toBe(false);
  });

  it('leaves empty parameters out of the query string', () => {
    expect(queryString({ page: 1, per_page: 15, search: '' })).toBe('?page=1&per_page=15');
    expect(queryString({ sub_status: '44 - Pending POD' })).toBe('?sub_status=44+-+Pending+POD');
    expect(queryString({})).toBe('');
  });
});
