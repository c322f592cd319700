import { useState } from 'react';
import type { TAuthUser } from '@portal/domain/auth-api';
import { DASHBOARD_MESSAGES } from '@portal/domain/patients-api';
import { usePayors } from '../api/get-payors';

/** What the patient screens need of the signed-in user; the app layer passes it in. */
export type TStaffUser = Pick<TAuthUser, 'id' | 'role' | 'payor_key'>;

export type TPayorScope = {
  /** The payor whose patients are shown; undefined while unknown or on error. */
  payorKey: string | undefined;
  /** An admin without a payor of their own picks one. */
  choosesPayor: boolean;
  payors: readonly { payor_key: string; company_name: string | null }[];
  choosePayor: (payorKey: string) => void;
  loading: boolean;
  error: string | undefined;
};

/**
 * Payor staff see their own payor's patients. An admin without a payor chooses one
 * (the first by default); anyone else without a payor has no list to see.
 */
export const usePayorScope = (user: TStaffUser): TPayorScope => {
  const choosesPayor = user.payor_key === null && user.role === 'admin';
  const payors = usePayors(choosesPayor);
  const [chosen, setChosen] = useState<string>();

  if (user.payor_key !== null) {
    return {
      payorKey: user.payor_key,
      choosesPayor,
      payors: [],
      choosePayor: setChosen,
      loading: false,
      error: undefined,
    };
  }
  const options = payors.data ?? [];
  const payorKey = choosesPayor
    ? (options.find((payor) => payor.payor_key === chosen) ?? options[0])?.payor_key
    : undefined;
  const loading = choosesPayor && payors.isPending;
  return {
    payorKey,
    choosesPayor,
    payors: options,
    choosePayor: setChosen,
    loading,
    error: !loading && payorKey === undefined ? DASHBOARD_MESSAGES.userInfo : undefined,
  };
};
