import { useState } from 'react';
import type { TOrder } from '@portal/domain/patients-api';
import type { useOrderLookup } from '../api/get-order-lookup';
import { linkProblem } from '../lib/link-errors';

type TLinkedOrderInput = {
  /** The SO number the address names (or an order id, for an order without one). */
  soNumber: string | undefined;
  /** The patient on screen: the order shows only as theirs. */
  patientKey: string | undefined;
  /** The orders panel's loaded page. */
  listed: readonly TOrder[] | undefined;
  lookup: ReturnType<typeof useOrderLookup>;
};

const named = (order: TOrder, soNumber: string) => (order.so_number ?? order.order_id) === soNumber;

/**
 * The order the address names: from the orders panel's page, the last one chosen, or the
 * order lookup (a link, a search hit, an order outside the chosen view). It stays open
 * while the view or page changes: the address still names it.
 */
export const useLinkedOrder = ({ soNumber, patientKey, listed, lookup }: TLinkedOrderInput) => {
  const [remembered, setRemembered] = useState<{ patientKey?: string; order?: TOrder }>({});
  const looked = lookup.data;
  const order =
    soNumber === undefined || patientKey === undefined
      ? undefined
      : (listed?.find((row) => named(row, soNumber)) ??
        (remembered.patientKey === patientKey &&
        remembered.order !== undefined &&
        named(remembered.order, soNumber)
          ? remembered.order
          : undefined) ??
        (looked?.patient.patient_key === patientKey && named(looked.order, soNumber)
          ? looked.order
          : undefined));
  const waiting = soNumber !== undefined && order === undefined;
  const mismatch =
    looked !== undefined && patientKey !== undefined && looked.patient.patient_key !== patientKey;
  return {
    order,
    loading:
      waiting && !mismatch && (lookup.isPending || patientKey === undefined) && !lookup.isError,
    problem: !waiting
      ? undefined
      : lookup.isError
        ? linkProblem(lookup.error, 'Order not found')
        : mismatch
          ? { kind: 'not-found' as const, message: 'Order not found' }
          : undefined,
    retry: () => void lookup.refetch(),
    /** Keeps a chosen order on screen while its answer is on its way. */
    remember: (next: TOrder) => setRemembered({ patientKey, order: next }),
  };
};

export type TLinkedOrder = ReturnType<typeof useLinkedOrder>;
