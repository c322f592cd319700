import {
  CONTACT_INTAKE_PHRASES,
  INTAKE_STATUSES,
  IN_PROGRESS_STATUSES,
  PENDING_DOCUMENT_STATUSES,
  SHIPPED_STATUSES,
  statusGroupOf,
} from './order-status';
import { hasTrackingNumber } from './tracking';

/** The order fields the status rules read (core.md section 3). */
export type TOrderStatusFields = {
  status?: string | null;
  intake_status?: string | null;
  tracking_number?: string | null;
  delivery_status?: string | null;
  delivery_date?: string | null;
};

export type TProgressStep = 1 | 2 | 3 | 4;

export const ACTION_REQUIRED_LABEL = 'Action Required - Please Contact Us';

/** The timeline's four steps, named as orderProgress labels them (step n is index n - 1). */
export const PROGRESS_STEPS = ['Order Created', 'In Progress', 'Shipped', 'Delivered'] as const;

const STEP_LABELS: Record<TProgressStep, string> = {
  1: PROGRESS_STEPS[0],
  2: PROGRESS_STEPS[1],
  3: PROGRESS_STEPS[2],
  4: PROGRESS_STEPS[3],
};

const progressOf = (step: TProgressStep) => ({ step, label: STEP_LABELS[step] });

const intakeStatuses = new Set<string>(INTAKE_STATUSES);

/** Step 1–4 and label of an order's tracking timeline (core.md section 4, "Progress step"). */
export const orderProgress = (
  order: TOrderStatusFields,
): { step: TProgressStep; label: string } => {
  const status = order.status?.trim() ?? '';
  const progress = ((): { step: TProgressStep; label: string } => {
    if (hasTrackingNumber(order.tracking_number)) {
      return progressOf(4);
    }
    if (statusGroupOf(status) === 'shipped') {
      return progressOf(3);
    }
    if (intakeStatuses.has(status)) {
      return progressOf(1);
    }
    return progressOf(2);
  })();
  const intake = order.intake_status ?? '';
  const mustContact = CONTACT_INTAKE_PHRASES.some((phrase) => intake.includes(phrase));
  return mustContact ? { ...progress, label: ACTION_REQUIRED_LABEL } : progress;
};

export type TDisplayStatus = 'Delivered' | 'Shipped' | 'Action Required' | 'In Progress' | 'N/A';

const SHIPPED_TEXT = [
  'RCM',
  'SOS',
  '44 - Pending POD',
  '43 - Ship Other',
  '45 - Pending POD (Tracking Error)',
];
const pendingDocuments = new Set<string>(PENDING_DOCUMENT_STATUSES);

const isDeliveryStatus = (order: TOrderStatusFields, value: string) =>
  order.delivery_status?.trim().toLowerCase() === value.toLowerCase();

/** The status the dashboard's order list shows, by the spec's priority (core.md section 4). */
export const displayStatus = (order: TOrderStatusFields): TDisplayStatus => {
  if (order.delivery_date || isDeliveryStatus(order, 'Delivered')) {
    return 'Delivered';
  }
  if (isDeliveryStatus(order, 'Shipped')) {
    return 'Shipped';
  }
  const status = order.status?.trim() ?? '';
  if (status === '') {
    return 'N/A';
  }
  if (SHIPPED_TEXT.some((text) => status.includes(text))) {
    return 'Shipped';
  }
  if (pendingDocuments.has(status)) {
    return 'Action Required';
  }
  return 'In Progress';
};

export const ORDER_VIEWS = ['all', 'in_progress', 'action_items', 'shipped'] as const;
export type TOrderView = (typeof ORDER_VIEWS)[number];

export const DEFAULT_ORDER_VIEW: TOrderView = 'action_items';

export const ORDER_VIEW_LABELS: Record<TOrderView, string> = {
  all: 'All Orders',
  in_progress: 'Orders In Progress',
  action_items: 'Action Items',
  shipped: 'Order Shipped',
};

/** The sub-statuses a view offers: the statuses of its own list. */
export const SUB_STATUSES: Record<TOrderView, readonly string[]> = {
  all: [...PENDING_DOCUMENT_STATUSES, ...IN_PROGRESS_STATUSES, ...SHIPPED_STATUSES],
  in_progress: IN_PROGRESS_STATUSES,
  action_items: PENDING_DOCUMENT_STATUSES,
  shipped: SHIPPED_STATUSES,
};

/** Whether an order belongs in a view (core.md section 4, "View filters"). */
export const matchesView = (order: TOrderStatusFields, view: TOrderView): boolean => {
  const group = statusGroupOf(order.status?.trim());
  switch (view) {
    case 'all':
      return true;
    case 'action_items':
      return group === 'pending_documents';
    case 'in_progress':
      return group === 'in_progress';
    case 'shipped':
      return (
        group === 'shipped' ||
        Boolean(order.delivery_date) ||
        isDeliveryStatus(order, 'Shipped') ||
        isDeliveryStatus(order, 'Delivered')
      );
  }
};

/** A sub-status is allowed only when it is in the current view's list. */
export const isAllowedSubStatus = (view: TOrderView, subStatus: string): boolean =>
  SUB_STATUSES[view].includes(subStatus);

/** Whether a text mentions Pending POD or Pending Tracking, in any case. */
export const mentionsPendingPod = (text: string): boolean => /pending (pod|tracking)/i.test(text);

/** A sub-status mentioning Pending POD or Pending Tracking matches any pending-POD status. */
export const matchesSubStatus = (order: TOrderStatusFields, subStatus: string): boolean => {
  const status = order.status?.trim() ?? '';
  if (mentionsPendingPod(subStatus)) {
    return mentionsPendingPod(status);
  }
  return status === subStatus;
};

/**
 * The patient's own screen splits their orders into active and past ones (the server
 * filters by `phase`, status-sql.ts).
 */
export const ORDER_PHASES = ['active', 'past'] as const;
export type TOrderPhase = (typeof ORDER_PHASES)[number];

/** Statuses that close an order whatever its shipping says. */
export const CLOSED_STATUSES = ['X98 - Process Complete', 'X99 - Cancel Order'] as const;
const closedStatuses = new Set<string>(CLOSED_STATUSES);

/**
 * Whether an order is behind the patient: delivered by either of the spec's rules (step 4,
 * a real tracking number; or the list's Delivered, a delivery date or delivery status
 * Delivered), or closed. Everything else is still under way.
 */
export const isPastOrder = (order: TOrderStatusFields): boolean =>
  hasTrackingNumber(order.tracking_number) ||
  displayStatus(order) === 'Delivered' ||
  closedStatuses.has(order.status?.trim() ?? '');
