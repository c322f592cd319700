import type {
  INTAKE_STATUSES,
  IN_PROGRESS_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
} from './order-status';
import { isPastOrder, type TOrderStatusFields } from './order-progress';

type TKnownStatus =
  | (typeof INTAKE_STATUSES)[number]
  | (typeof IN_PROGRESS_STATUSES)[number]
  | (typeof PENDING_DOCUMENT_STATUSES)[number]
  | (typeof SHIPPED_STATUSES)[number];

const PRESCRIPTION = 'Waiting for your prescription';
const INSURANCE_CHECK = 'Checking your insurance';
const INSURANCE_CHANGE = 'Updating your insurance details';
const FINAL_CHECK = 'Being checked before it ships';
const PROOF_OF_DELIVERY = 'Waiting for confirmation of delivery';

/**
 * What an ERP status means for the patient, in their words, where the status says why the
 * order waits or what happens next. Statuses that say nothing a patient could use (internal
 * reviews, holds, rentals) have no reason; the step and label still show.
 */
export const ORDER_REASONS = {
  '07 - New Intake Holds': 'We are setting up your order',
  '08 - Intake Pending Review': 'We are reviewing the details of your order',
  '10 - New Parachute Intakes': 'We received your order from your doctor',
  '10 - Intake Incomplete': 'We need a few more details to set up your order',
  '11 - Intake Complete': 'Your order is set up and waiting to be processed',
  '20 - Verify Insurance': INSURANCE_CHECK,
  '21 - Insurance Verification Pending': INSURANCE_CHECK,
  '22 - Insurance Change Requested': INSURANCE_CHANGE,
  '23 - Pending Insurance Change': INSURANCE_CHANGE,
  '24 - Insurance Re-Verification': INSURANCE_CHECK,
  '30 - CMN Docs Needed': PRESCRIPTION,
  '31 - Awaiting CMN (RX)': PRESCRIPTION,
  '32 - PAR Docs Needed': 'Waiting for approval from your insurance',
  '33 - Awaiting PAR': 'Waiting for approval from your insurance',
  '34 - Awaiting SCA/LOA': 'Waiting for an agreement with your insurance',
  '36 - Collect Payment': 'Waiting for your payment',
  '37 - Resupply Order': 'Preparing your resupply',
  '38 - Ready For Review': FINAL_CHECK,
  '38A - Ready For Review (Resupply)': FINAL_CHECK,
  '39 - Scrub Exceptions': FINAL_CHECK,
  '39A - Scrub Exceptions (Resupply)': FINAL_CHECK,
  '40 - Ready To Ship': 'Getting ready to ship',
  '44 - Pending POD': PROOF_OF_DELIVERY,
  '45 - Pending POD (Tracking Error)': PROOF_OF_DELIVERY,
  'X99 - Cancel Order': 'This order was cancelled',
} as const satisfies Partial<Record<TKnownStatus, string>>;

const reasons: ReadonlyMap<string, string> = new Map(Object.entries(ORDER_REASONS));

type TReasonFields = TOrderStatusFields & {
  doctor?: { last_name?: string | null } | null;
};

/**
 * The plain reason behind an order's status, for the patient's own screen, or undefined
 * when the status gives none. A delivered order needs none, unless it was cancelled. The
 * prescription comes from the order's doctor, who is named when known.
 */
export const orderReason = (order: TReasonFields): string | undefined => {
  const status = order.status?.trim() ?? '';
  const reason = reasons.get(status);
  if (reason === undefined || (isPastOrder(order) && status !== 'X99 - Cancel Order')) {
    return undefined;
  }
  const doctor = order.doctor?.last_name?.trim();
  return reason === PRESCRIPTION && doctor ? `${reason} from Dr. ${doctor}` : reason;
};
