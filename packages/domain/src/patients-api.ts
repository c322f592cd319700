import { z } from 'zod';
import { ORDER_DATE_MESSAGES, ORDER_DATE_TYPES, isIsoDate } from './order-dates';
import { ORDER_PHASES, ORDER_VIEWS, type TOrderView } from './order-progress';
import { PAGE_SIZES } from './patients-rules';
import { ZLine } from './text';

/**
 * Request and response bodies of the patient, order, favourite, classification and
 * preference calls (core.md section 7, staff-tools.md section 7). The server validates
 * and serialises with them. The web app types its reads of these calls with them and
 * parses only what it sends (decisions.md, "Typed reads in the browser").
 */

export {
  DASHBOARD_MESSAGES,
  MIN_SEARCH_LENGTH,
  PAGE_SIZES,
  normalizeSearch,
} from './patients-rules';

const ZPage = z.coerce.number().int().min(1).max(1_000_000).default(1);
const ZPerPage = (fallback: number) =>
  z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(fallback);
const ZSearch = ZLine().max(100).optional();

export const ZPatientListQuery = z.object({
  page: ZPage,
  per_page: ZPerPage(PAGE_SIZES.patients),
  search: ZSearch,
});
export type TPatientListQuery = z.input<typeof ZPatientListQuery>;

/** Classification keys, comma-separated, as one query parameter. */
export const ZKeyList = z
  .string()
  .max(4000)
  .transform((text) =>
    text
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key.length > 0),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .max(64)
          .regex(/^[A-Za-z0-9_.:-]+$/, 'Invalid key'),
      )
      .max(200),
  );

/** A calendar day written 'YYYY-MM-DD'. */
export const ZIsoDate = z.string().refine(isIsoDate, { message: ORDER_DATE_MESSAGES.badDate });

export const ZOrderListQuery = z
  .object({
    page: ZPage,
    per_page: ZPerPage(PAGE_SIZES.orderListDefault),
    /** One of the four order views; all orders when absent. */
    view: z.enum(ORDER_VIEWS).optional(),
    /** A status of the view's own list (core.md section 4, "View filters"). */
    sub_status: ZLine().max(100).optional(),
    /** Which date start_date and end_date bound: created (the default) or delivered. */
    date_type: z.enum(ORDER_DATE_TYPES, { message: ORDER_DATE_MESSAGES.badDateType }).optional(),
    /** First day of the range, included; no lower bound when absent. */
    start_date: ZIsoDate.optional(),
    /** Last day of the range, included; no upper bound when absent. */
    end_date: ZIsoDate.optional(),
    /** Active or past orders only (the patient's own screen); both when absent. */
    phase: z.enum(ORDER_PHASES).optional(),
    /**
     * The Order Categories filter: classification keys, comma-separated; only their orders
     * (docs/decisions.md, "Order Categories filter filters").
     */
    categories: ZKeyList.optional(),
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: ORDER_DATE_MESSAGES.endBeforeStart,
    path: ['end_date'],
  });
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;

export const ZIntakeListQuery = z.object({
  page: ZPage,
  per_page: ZPerPage(PAGE_SIZES.intake),
  search: ZSearch,
});
export type TIntakeListQuery = z.input<typeof ZIntakeListQuery>;

/** Path keys: ERP keys and SO numbers, never free text. */
export const ZKey = ZLine()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Invalid key');

export const ZPageInfo = z.object({
  current_page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
});
export type TPageInfo = z.infer<typeof ZPageInfo>;

export const ZOrderCounts = z.object({
  order_count: z.number().int(),
  in_progress_count: z.number().int(),
  shipped_count: z.number().int(),
  pending_docs_count: z.number().int(),
});
export type TOrderCounts = z.infer<typeof ZOrderCounts>;

export const ZPatientSummary = ZOrderCounts.extend({
  patient_key: z.string(),
  patient_id: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  dob: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type TPatientSummary = z.infer<typeof ZPatientSummary>;

/**
 * A search whose text is an SO or tracking number names that order, so the dashboard
 * opens it at once (order-lookup-api.ts reads it by SO number).
 */
export const ZOrderHit = z.object({
  patient_key: z.string(),
  order_id: z.string(),
  so_number: z.string().nullable(),
  matched: z.enum(['so_number', 'tracking_number']),
});
export type TOrderHit = z.infer<typeof ZOrderHit>;

export const ZPatientListResponse = ZPageInfo.extend({
  success: z.literal(true),
  message: z.string(),
  patients: z.array(ZPatientSummary),
  pagination: ZPageInfo,
  /** Set when the search is an order's SO or tracking number in this payor. */
  order_hit: ZOrderHit.nullable().optional(),
});
export type TPatientListResponse = z.infer<typeof ZPatientListResponse>;

export const ZAddress = z.object({
  street: z.string().nullable(),
  suite: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZPatientDoctor = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
});

export const ZPatientDetail = ZPatientSummary.extend({
  phone_mobile: z.string().nullable(),
  payor_key: z.string().nullable(),
  doctor: ZPatientDoctor.nullable(),
  billing_address: ZAddress.nullable(),
  delivery_address: ZAddress.nullable(),
});
export type TPatientDetail = z.infer<typeof ZPatientDetail>;

export const ZPatientDetailResponse = z.object({
  success: z.literal(true),
  patient: ZPatientDetail,
});

export const ZPatientPayor = z.object({
  payor_key: z.string().nullable(),
  company_name: z.string().nullable(),
  level: z.string().nullable(),
});
export type TPatientPayor = z.infer<typeof ZPatientPayor>;

export const ZCompanyResponse = z.object({
  success: z.literal(true),
  payors: z.array(ZPatientPayor),
});

/** GET /api/patients/payor/:payor_key/favorites: the user's favourites, every page. */
export const ZFavoritePatientsQuery = z.object({
  page: ZPage,
  per_page: ZPerPage(PAGE_SIZES.patients),
});

export const ZFavoritesQuery = z.object({ user_id: z.coerce.number().int().optional() });
export const ZFavoritesResponse = z.object({
  success: z.literal(true),
  favorites: z.array(z.string()),
});
export const ZFavoriteToggleInput = z.object({
  patient_key: ZKey,
  user_id: z.number().int().optional(),
});
export const ZFavoriteToggleResponse = z.object({
  success: z.literal(true),
  is_favorite: z.boolean(),
});

export const ZOrderDoctor = z.object({
  full_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  NPI: z.string().nullable(),
  phone: z.string().nullable(),
  DOCTORSTREET: z.string().nullable(),
  DOCTORSUITE: z.string().nullable(),
  DOCTORCITY: z.string().nullable(),
  DOCTORSTATE: z.string().nullable(),
  DOCTORZIP: z.string().nullable(),
});
export type TOrderDoctor = z.infer<typeof ZOrderDoctor>;

export const ZOrder = z.object({
  order_id: z.string(),
  so_number: z.string().nullable(),
  /** ISO 8601 timestamp */
  date_created: z.string().nullable(),
  status: z.string().nullable(),
  delivery_status: z.string().nullable(),
  /** 'YYYY-MM-DD' */
  delivery_date: z.string().nullable(),
  tracking_number: z.string().nullable(),
  carrier: z.string().nullable(),
  intake_status: z.string().nullable(),
  so_classification_key: z.string().nullable(),
  so_classification_name: z.string().nullable(),
  doctor: ZOrderDoctor.nullable(),
  /** The status in plain words for staff (order-status-labels.ts); null when it has none. */
  status_label: z.string().nullable(),
  /** When the order entered its current status (ISO 8601, from the status history). */
  status_since: z.string().nullable(),
  /** When it first entered a shipped status (ISO 8601); null when not yet known. */
  ship_date: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

/**
 * How many of the patient's orders each view holds (the sub-status left out), under the
 * same classification preferences as the list, so each view's button can show its count.
 */
export const ZOrderViewCounts = z.object({
  all: z.number().int(),
  in_progress: z.number().int(),
  action_items: z.number().int(),
  shipped: z.number().int(),
}) satisfies z.ZodType<Record<TOrderView, number>>;
export type TOrderViewCounts = z.infer<typeof ZOrderViewCounts>;

export const ZOrderListResponse = ZPageInfo.extend({
  success: z.literal(true),
  orders: z.array(ZOrder),
  view_counts: ZOrderViewCounts,
  /**
   * Each view's count with no date range, so an empty list can say how many orders the
   * range leaves out; the same as view_counts when no range is given.
   */
  all_dates_counts: ZOrderViewCounts,
});
export type TOrderListResponse = z.infer<typeof ZOrderListResponse>;

export const ZOrderItem = z.object({
  item_id: z.string().nullable(),
  item_key: z.string().nullable(),
  item_name: z.string().nullable(),
  description: z.string().nullable(),
  sku: z.string().nullable(),
  hcpcs_code: z.string().nullable(),
  quantity: z.number().nullable(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

export const ZOrderItemsResponse = z.object({
  success: z.literal(true),
  items: z.array(ZOrderItem),
});

export const ZIntakePatient = z.object({
  patient_key: z.string(),
  patient_id: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  dob: z.string().nullable(),
  phone: z.string().nullable(),
  /** Whether the payor's patient list holds this patient (the same patient_key), to open. */
  has_patient_record: z.boolean(),
});
export type TIntakePatient = z.infer<typeof ZIntakePatient>;

export const ZIntakeListResponse = ZPageInfo.extend({
  success: z.literal(true),
  patients: z.array(ZIntakePatient),
});
export type TIntakeListResponse = z.infer<typeof ZIntakeListResponse>;

export const ZPayorOption = z.object({
  payor_key: z.string(),
  company_name: z.string().nullable(),
});
export type TPayorOption = z.infer<typeof ZPayorOption>;

/** GET /api/payors: the payors the user may choose (admins all, payor staff their own). */
export const ZPayorsResponse = z.object({
  success: z.literal(true),
  payors: z.array(ZPayorOption),
});

export const ZClassification = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
});
export type TClassification = z.infer<typeof ZClassification>;

export const ZClassificationsResponse = z.object({
  success: z.literal(true),
  classifications: z.array(ZClassification),
});

export const ZPreferences = z.object({
  so_classifications: z.array(z.string()),
  order_categories: z.array(z.string()),
});
export type TPreferences = z.infer<typeof ZPreferences>;

export const ZPreferencesResponse = z.object({
  success: z.literal(true),
  preferences: ZPreferences,
});

/** PUT /api/preferences: only the fields that changed. */
export const ZPreferencesUpdate = z
  .object({
    so_classifications: z.array(ZKey).max(500).optional(),
    order_categories: z.array(ZLine().trim().min(1).max(100)).max(500).optional(),
  })
  .refine(
    (value) => value.so_classifications !== undefined || value.order_categories !== undefined,
    { message: 'Nothing to update' },
  );
export type TPreferencesUpdate = z.input<typeof ZPreferencesUpdate>;

export const ZPreferencesUpdateResponse = ZPreferencesResponse.extend({ message: z.string() });

/** POST /api/preferences/so-classifications/{key}/toggle (the path core.md leaves open). */
export const ZClassificationToggleResponse = ZPreferencesResponse.extend({
  enabled: z.boolean(),
});
