import {
  type INTAKE_STATUSES,
  type IN_PROGRESS_STATUSES,
  type PENDING_DOCUMENT_STATUSES,
  type SHIPPED_STATUSES,
  SHIPPED_STATUS_PREFIXES,
} from './order-status';

type TKnownStatus =
  | (typeof INTAKE_STATUSES)[number]
  | (typeof IN_PROGRESS_STATUSES)[number]
  | (typeof PENDING_DOCUMENT_STATUSES)[number]
  | (typeof SHIPPED_STATUSES)[number];

/**
 * What each ERP status means, in plain words for staff (case managers, customer service):
 * who or what the order waits on, so "What is blocking this order?" reads off the screen.
 * The patient's own screen has its own, gentler words (order-reason.ts). Every status the
 * groups name has a label (order-status-labels.test.ts checks it).
 */
export const ORDER_STATUS_LABELS = {
  '07 - New Intake Holds': 'New order on hold at intake',
  '08 - Intake Pending Review': 'Intake being reviewed by the supplier',
  '10 - New Parachute Intakes': 'New order received from Parachute',
  '10 - Intake Incomplete': 'Intake missing details',
  '11 - Intake Complete': 'Intake complete, waiting to be processed',
  '15 - Pharmacy Transfer': 'Being transferred to a pharmacy',
  '16 - Void Review': 'Under review to be voided',
  '17 - Discharge Patients': 'Waiting for the patient to be discharged',
  '18 - Close Account Review': 'Under review to close the account',
  '20 - Verify Insurance': 'Insurance being verified',
  '21 - Insurance Verification Pending': 'Waiting for insurance verification',
  '22 - Insurance Change Requested': 'Insurance change requested',
  '23 - Pending Insurance Change': 'Waiting for the insurance change',
  '24 - Insurance Re-Verification': 'Insurance being re-verified',
  '30 - CMN Docs Needed': 'Prescription (CMN) documents needed',
  '31 - Awaiting CMN (RX)': 'Waiting for the prescription (CMN) from the doctor',
  '32 - PAR Docs Needed': 'Prior authorization documents needed',
  '33 - Awaiting PAR': 'Waiting for prior authorization from the payer',
  '34 - Awaiting SCA/LOA': 'Waiting for SCA/LOA from the payer',
  '36 - Collect Payment': 'Waiting for the patient’s payment',
  '37 - Resupply Order': 'Resupply order being prepared',
  '38 - Ready For Review': 'Ready for the supplier’s final review',
  '38A - Ready For Review (Resupply)': 'Resupply ready for the supplier’s final review',
  '39 - Scrub Exceptions': 'Held on a billing check exception',
  '39A - Scrub Exceptions (Resupply)': 'Resupply held on a billing check exception',
  '40 - Ready To Ship': 'Ready to ship',
  '41 - CASH Review': 'Cash sale under review',
  '46 - Internal Work In Progress': 'Supplier working on it internally',
  '52 - Union Hold': 'On union hold',
  'X97 - Recurring Rentals': 'Recurring rental',
  'X99 - Cancel Order': 'Cancelled',
  '13 - Price/Item Issue': 'Shipped, with a price or item issue being resolved',
  '51 - Confirm Exceptions': 'Shipped, exceptions being confirmed',
  '53 - Shipped Orders (Held for Billing)': 'Shipped, held for billing',
  '44 - Pending POD': 'Shipped, waiting for proof of delivery',
  '43 - Ship Other': 'Shipped another way',
  '45 - Pending POD (Tracking Error)': 'Shipped, tracking error on proof of delivery',
  'X98 - Process Complete': 'Complete',
  '50 - Ready to Confirm/Bill': 'Shipped, ready to bill',
} as const satisfies Record<TKnownStatus, string>;

const labels: ReadonlyMap<string, string> = new Map(Object.entries(ORDER_STATUS_LABELS));

/**
 * The plain words for an ERP status, or undefined when there are none (an empty status,
 * or one the groups do not name). The RCM - / SOS - statuses are shipped and billed.
 */
export const orderStatusLabel = (status: string | null | undefined): string | undefined => {
  const text = status?.trim() ?? '';
  if (text === '') {
    return undefined;
  }
  const known = labels.get(text);
  if (known !== undefined) {
    return known;
  }
  if (SHIPPED_STATUS_PREFIXES.some((prefix) => text.startsWith(prefix))) {
    return 'Shipped, in billing';
  }
  return undefined;
};

/**
 * The status as staff read it: plain words and the ERP's own, 'Waiting for SCA/LOA from
 * the payer · 34 - Awaiting SCA/LOA'; the ERP's words alone when there are no plain ones,
 * 'N/A' when there is no status.
 */
export const staffStatusText = (status: string | null | undefined): string => {
  const text = status?.trim() ?? '';
  const label = orderStatusLabel(text);
  if (label === undefined) {
    return text === '' ? 'N/A' : text;
  }
  return `${label} · ${text}`;
};

const DAY_MS = 86_400_000;

/** Whole days from `since` to `now` (epoch ms), never negative; null when unknown. */
export const daysSince = (since: number | null | undefined, now: number): number | null =>
  since === null || since === undefined ? null : Math.max(0, Math.floor((now - since) / DAY_MS));

/** '1 day', '12 days', 'today' for 0. */
export const formatDays = (days: number): string =>
  days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
