import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPatientPayor, ZCompanyResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../lib/query-client';
import { segment } from './query-keys';

/** The self-pay pseudo-payor, never shown as a patient's payor (core.md section 2). */
export const SELF_PAY_COMPANY = '[Patient]';

/** The payors worth showing: named, and not the self-pay entry. */
export const visiblePayors = (payors: readonly TPatientPayor[]) =>
  payors.filter((payor) => payor.company_name && payor.company_name !== SELF_PAY_COMPANY);

export const getPatientCompany = async (patientKey: string) => {
  const { payors } = await api.get<z.output<typeof ZCompanyResponse>>(
    `/api/patients/patient/${segment(patientKey)}/company`,
  );
  return visiblePayors(payors);
};

export const getPatientCompanyQueryOptions = (patientKey: string) =>
  queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'company', patientKey],
    queryFn: () => getPatientCompany(patientKey),
    retry: retryUnlessClientError,
  });

export const usePatientCompany = (patientKey: string | undefined) =>
  useQuery({
    ...getPatientCompanyQueryOptions(patientKey ?? ''),
    enabled: patientKey !== undefined,
  });
