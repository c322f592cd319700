import { z } from 'zod';
import { ORDER_VIEWS } from './order-progress';
import { ZKeyList, ZOrderViewCounts, ZPageInfo } from './patients-api';
import { PAGE_SIZES } from './patients-rules';
import { ZLine } from './text';

/**
 * GET /api/worklist/payor/:payor_key/orders (and .../orders.csv): every order of a payor's
 * patients in one list, beyond the spec (docs/decisions.md, "Worklist"). Staff see their
 * own payor; admins name any. The user's enabled classifications narrow it as they narrow
 * the dashboard's counts.
 */

/** What a worklist sorts by: how long the order has been in its status, the patient, the order date. */
export const WORKLIST_SORTS = ['age', 'patient', 'date'] as const;
export type TWorklistSort = (typeof WORKLIST_SORTS)[number];

export const WORKLIST_SORT_LABELS: Record<TWorklistSort, string> = {
  age: 'Days in status',
  patient: 'Patient',
  date: 'Order date',
};

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type TSortDirection = (typeof SORT_DIRECTIONS)[number];

/** The most rows one CSV export holds; a larger list asks the user to narrow it. */
export const WORKLIST_EXPORT_LIMIT = 50_000;

const worklistFilters = {
  /** One of the four views; Action Items by default, as on the dashboard. */
  view: z.enum(ORDER_VIEWS).default('action_items'),
  /** A status of the view's own list. */
  sub_status: ZLine().max(100).optional(),
  /** Only orders of these classification keys (within the user's enabled ones). */
  categories: ZKeyList.optional(),
  /** Only orders that have been in their status more than this many days. */
  min_days: z.coerce.number().int().min(0).max(3650).optional(),
  /** Patient name (either order), patient ID, date of birth, phone, SO or tracking number. */
  search: ZLine().max(100).optional(),
  sort: z.enum(WORKLIST_SORTS).default('age'),
  /** age desc: the longest waiting first; patient asc: A to Z; date desc: newest first. */
  dir: z.enum(SORT_DIRECTIONS).optional(),
};

export const ZWorklistQuery = z.object({
  ...worklistFilters,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(25),
});
export type TWorklistQuery = z.input<typeof ZWorklistQuery>;

export const ZWorklistExportQuery = z.object(worklistFilters);
export type TWorklistExportQuery = z.input<typeof ZWorklistExportQuery>;

/** The default direction of each sort. */
export const DEFAULT_SORT_DIRECTION: Record<TWorklistSort, TSortDirection> = {
  age: 'desc',
  patient: 'asc',
  date: 'desc',
};

export const ZWorklistPatient = z.object({
  patient_key: z.string(),
  patient_id: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  dob: z.string().nullable(),
});

export const ZWorklistRow = z.object({
  order_id: z.string(),
  so_number: z.string().nullable(),
  /** ISO 8601 timestamp */
  date_created: z.string().nullable(),
  status: z.string().nullable(),
  /** The status in plain words (order-status-labels.ts), null when it has none. */
  status_label: z.string().nullable(),
  intake_status: z.string().nullable(),
  /** When the order entered its current status (ISO 8601); null when unknown. */
  status_since: z.string().nullable(),
  /** Whole days in the current status; null when unknown. */
  days_in_status: z.number().int().nullable(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  delivery_status: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  delivery_date: z.string().nullable(),
  so_classification_key: z.string().nullable(),
  so_classification_name: z.string().nullable(),
  patient: ZWorklistPatient,
});
export type TWorklistRow = z.infer<typeof ZWorklistRow>;

export const ZWorklistResponse = ZPageInfo.extend({
  success: z.literal(true),
  orders: z.array(ZWorklistRow),
  /** Each view's count under the same filters except the view and sub-status. */
  view_counts: ZOrderViewCounts,
});
export type TWorklistResponse = z.infer<typeof ZWorklistResponse>;

/** The CSV's columns, in order. */
export const WORKLIST_CSV_HEADERS = [
  'SO#',
  'Patient',
  'Patient ID',
  'Date of Birth',
  'Order Date',
  'Status',
  'ERP Status',
  'Intake Status',
  'In Status Since',
  'Days in Status',
  'Category',
  'Carrier',
  'Tracking',
  'Delivery Date',
] as const;
