import { useState } from 'react';
import type { TAuthUser } from '@portal/domain/auth-api';
import { readDashboardLink } from '../lib/dashboard-link';
import { DASHBOARD_MESSAGES } from '@portal/domain/patients-rules';
import { usePayors } from '../api/get-payors';

/** What the patient screens need of the signed-in user; the app layer passes it in. */
export type TStaffUser = Pick<TAuthUser, 'id' | 'role' | 'payor_key'>;

export type TPayorScope = {
  /** The payor whose patients are shown; undefined while unknown or on error. */
  payorKey: string | undefined;
  /** Admins may look at any payor, so they get a choice. */
  choosesPayor: boolean;
  payors: readonly { payor_key: string; company_name: string | null }[];
  choosePayor: (payorKey: string) => void;
  loading: boolean;
  error: string | undefined;
};

/**
 * The admin's payor held by the caller (the dashboard keeps it in its address) rather
 * than by the hook; without it the hook keeps the choice itself.
 */
export type TLinkedPayor = {
  payorKey: string | undefined;
  onChoose: (payorKey: string) => void;
};

/** Staff whose account names no payor: the spec's words, then what to do about it. */
export const NO_PAYOR_ERROR = `${DASHBOARD_MESSAGES.userInfo}. ${DASHBOARD_MESSAGES.noPayor}`;

/**
 * Payor staff see their own payor's patients. An admin chooses among all payors,
 * starting from their own if their account has one, else the first; anyone else
 * without a payor has no list to see ('Failed to retrieve user information', and
 * that their administrator must set their payor).
 */
export const usePayorScope = (user: TStaffUser, linked?: TLinkedPayor): TPayorScope => {
  const choosesPayor = user.role === 'admin';
  const payors = usePayors(choosesPayor);
  // A dashboard link (analytics' patients needing attention) may name the payor.
  const [ownChoice, setOwnChoice] = useState<string | undefined>(() =>
    choosesPayor && !linked ? readDashboardLink().payorKey : undefined,
  );
  const chosen = linked ? linked.payorKey : ownChoice;
  const setChosen = linked ? linked.onChoose : setOwnChoice;
  const options = choosesPayor ? (payors.data ?? []) : [];

  const payorKey = choosesPayor
    ? (chosen ?? user.payor_key ?? options[0]?.payor_key)
    : (user.payor_key ?? undefined);
  const loading = choosesPayor && payors.isPending && payorKey === undefined;
  return {
    payorKey,
    choosesPayor,
    payors: options,
    choosePayor: setChosen,
    loading,
    error:
      loading || payorKey !== undefined
        ? undefined
        : choosesPayor
          ? DASHBOARD_MESSAGES.userInfo
          : NO_PAYOR_ERROR,
  };
};
