/**
 * The ERP's order statuses, grouped as core.md section 4 lists them. One list for
 * the whole product: the warehouse generator draws from it and the dashboard's
 * step, label and view rules read it. Names the spec gives only by number are our
 * choice (docs/decisions.md, "Order statuses named only by number").
 */

/** Any status starting with one of these belongs to the shipped group. */
export const SHIPPED_STATUS_PREFIXES = ['RCM - ', 'SOS - '] as const;

/** (a) The shipped group, besides the RCM - / SOS - prefixed statuses. */
export const SHIPPED_STATUSES = [
  '13 - Price/Item Issue',
  '51 - Confirm Exceptions',
  '53 - Shipped Orders (Held for Billing)',
  '44 - Pending POD',
  '43 - Ship Other',
  '45 - Pending POD (Tracking Error)',
  'X98 - Process Complete',
  '50 - Ready to Confirm/Bill',
] as const;

/** (b) Orders waiting on documents: the dashboard's Action Items. */
export const PENDING_DOCUMENT_STATUSES = [
  '31 - Awaiting CMN (RX)',
  '33 - Awaiting PAR',
  '34 - Awaiting SCA/LOA',
] as const;

/** (c) Orders in progress, in the ERP's numbering order. */
export const IN_PROGRESS_STATUSES = [
  '07 - New Intake Holds',
  '08 - Intake Pending Review',
  '10 - New Parachute Intakes',
  '11 - Intake Complete',
  '15 - Pharmacy Transfer',
  '16 - Void Review',
  '17 - Discharge Patients',
  '18 - Close Account Review',
  '20 - Verify Insurance',
  '21 - Insurance Verification Pending',
  '22 - Insurance Change Requested',
  '23 - Pending Insurance Change',
  '24 - Insurance Re-Verification',
  '30 - CMN Docs Needed',
  '32 - PAR Docs Needed',
  '36 - Collect Payment',
  '37 - Resupply Order',
  '38 - Ready For Review',
  '38A - Ready For Review (Resupply)',
  '39 - Scrub Exceptions',
  '39A - Scrub Exceptions (Resupply)',
  '40 - Ready To Ship',
  '41 - CASH Review',
  '46 - Internal Work In Progress',
  '52 - Union Hold',
  'X97 - Recurring Rentals',
  'X99 - Cancel Order',
] as const;

/** Statuses that make an order an intake order (core.md section 4, progress step 1). */
export const INTAKE_STATUSES = [
  '07 - New Intake Holds',
  '10 - New Parachute Intakes',
  '11 - Intake Complete',
  '10 - Intake Incomplete',
] as const;

/** intake_status phrases that turn the label into 'Action Required - Please Contact Us'. */
export const CONTACT_INTAKE_PHRASES = [
  'Pending Patient Contact',
  'Awaiting Patient Return Call',
  'Pending Contact to Ship',
] as const;

export type TStatusGroup = 'shipped' | 'pending_documents' | 'in_progress';

const shipped = new Set<string>(SHIPPED_STATUSES);
const pendingDocuments = new Set<string>(PENDING_DOCUMENT_STATUSES);
const inProgress = new Set<string>(IN_PROGRESS_STATUSES);

/** The group an ERP status belongs to, or undefined for a status in no group. */
export const statusGroupOf = (status: string | null | undefined): TStatusGroup | undefined => {
  if (!status) {
    return undefined;
  }
  if (shipped.has(status) || SHIPPED_STATUS_PREFIXES.some((prefix) => status.startsWith(prefix))) {
    return 'shipped';
  }
  if (pendingDocuments.has(status)) {
    return 'pending_documents';
  }
  if (inProgress.has(status)) {
    return 'in_progress';
  }
  return undefined;
};
