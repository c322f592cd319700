import {
  IN_PROGRESS_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
} from '@portal/domain/order-status';
import { PREFIXED_SHIPPED_STATUSES, STATUS_PATH } from './catalog';

/**
 * The ERP's status workflow as the mutation walks it: the generator's usual path
 * (STATUS_PATH: intake, insurance, documents, review, ready to ship), then shipping,
 * delivery and billing. Statuses off the path move to the next path step with a
 * higher number; void and discharge reviews end in a cancellation.
 */
export const SHIPPED_STATUS = 'SOS - Shipped';
export const DELIVERED_STATUS = 'SOS - Delivered';
export const CANCELLED_STATUS = 'X99 - Cancel Order';

/** Statuses an order never leaves. */
const FINAL = new Set([
  'RCM - Paid',
  'X98 - Process Complete',
  CANCELLED_STATUS,
  'X97 - Recurring Rentals',
]);

const AFTER_SHIPPING: Record<string, string> = {
  [SHIPPED_STATUS]: DELIVERED_STATUS,
  [DELIVERED_STATUS]: 'RCM - Billed',
  'RCM - Billed': 'RCM - Pending Payment',
  'RCM - Pending Payment': 'RCM - Paid',
  '50 - Ready to Confirm/Bill': 'RCM - Billed',
};

const CANCELLING = new Set([
  '16 - Void Review',
  '17 - Discharge Patients',
  '18 - Close Account Review',
]);

const numberOf = (status: string) => Number.parseInt(status, 10);

/** The status an order moves to from `status`, or undefined when it stays. */
export const nextStatus = (status: string): string | undefined => {
  if (FINAL.has(status)) {
    return undefined;
  }
  if (status in AFTER_SHIPPING) {
    return AFTER_SHIPPING[status];
  }
  if ((SHIPPED_STATUSES as readonly string[]).includes(status)) {
    return '50 - Ready to Confirm/Bill';
  }
  if (CANCELLING.has(status)) {
    return CANCELLED_STATUS;
  }
  const number = numberOf(status);
  if (Number.isNaN(number)) {
    return undefined;
  }
  return STATUS_PATH.find((step) => numberOf(step) > number) ?? SHIPPED_STATUS;
};

/** Every status the generator writes. */
export const ALL_STATUSES: readonly string[] = [
  ...new Set([
    ...IN_PROGRESS_STATUSES,
    '10 - Intake Incomplete',
    ...PENDING_DOCUMENT_STATUSES,
    ...SHIPPED_STATUSES,
    ...PREFIXED_SHIPPED_STATUSES,
  ]),
];

/** [from, to] for every status that moves on. */
export const WORKFLOW_STEPS: readonly (readonly [string, string])[] = ALL_STATUSES.flatMap(
  (status) => {
    const next = nextStatus(status);
    return next ? [[status, next] as const] : [];
  },
);
