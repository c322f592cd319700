import { useState } from 'react';
import type { TOrderLookupResponse } from '@portal/domain/order-lookup-api';
import type { TPatientSummary } from '@portal/domain/patients-api';
import { usePatient } from '../api/get-patient';
import { linkProblem } from '../lib/link-errors';

type TLinkedPatientInput = {
  /** Undefined while unknown, or when the link may not be followed. */
  payorKey: string | undefined;
  patientKey: string | undefined;
  /** The patient list's loaded page. */
  listed: readonly TPatientSummary[] | undefined;
  /** The linked order's answer, which carries its patient. */
  lookup: TOrderLookupResponse | undefined;
};

/**
 * The patient the address names: from the loaded page, the last one chosen, the linked
 * order's answer, or else asked for by key (a pasted link to a patient on another page).
 */
export const useLinkedPatient = ({ payorKey, patientKey, listed, lookup }: TLinkedPatientInput) => {
  const [remembered, setRemembered] = useState<{ payorKey?: string; patient?: TPatientSummary }>(
    {},
  );
  const key = payorKey === undefined ? undefined : patientKey;
  const known =
    listed?.find((row) => row.patient_key === key) ??
    (remembered.payorKey === payorKey && remembered.patient?.patient_key === key
      ? remembered.patient
      : undefined) ??
    (lookup?.payor_key === payorKey && lookup?.patient.patient_key === key
      ? lookup?.patient
      : undefined);
  const fetched = usePatient(
    payorKey !== undefined && key !== undefined && known === undefined
      ? { payorKey, patientKey: key }
      : undefined,
  );
  const patient = key === undefined ? undefined : (known ?? fetched.data);
  const waiting = key !== undefined && patient === undefined;
  return {
    patient,
    loading: waiting && fetched.isPending && fetched.fetchStatus !== 'idle',
    problem:
      waiting && fetched.isError ? linkProblem(fetched.error, 'Patient not found') : undefined,
    retry: () => void fetched.refetch(),
    /** Keeps a chosen patient on screen while another page of the list shows. */
    remember: (next: TPatientSummary) => setRemembered({ payorKey, patient: next }),
  };
};

export type TLinkedPatient = ReturnType<typeof useLinkedPatient>;
