import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZPatientDetailResponse } from '@portal/domain/patients-api';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PATIENTS_ROOT_KEY, retryUnlessClientError } from '../../../lib/query-client';
import { segment } from './query-keys';

export type TPatientRef = { payorKey: string; patientKey: string };

/** A patient's details as their payor sees them (doctor, addresses, counts). */
export const getPatient = async ({ payorKey, patientKey }: TPatientRef) => {
  const { patient } = await api.get<z.output<typeof ZPatientDetailResponse>>(
    `/api/patients/payor/${segment(payorKey)}/patient/${segment(patientKey)}`,
  );
  return patient;
};

export const getPatientQueryOptions = (ref: TPatientRef) =>
  queryOptions({
    queryKey: [PATIENTS_ROOT_KEY, 'detail', ref],
    queryFn: () => getPatient(ref),
    retry: retryUnlessClientError,
  });

export const usePatient = (ref: TPatientRef | undefined) =>
  useQuery({
    ...getPatientQueryOptions(ref ?? { payorKey: '', patientKey: '' }),
    enabled: ref !== undefined,
  });
