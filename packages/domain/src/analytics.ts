import { z } from 'zod';

/**
 * The analytics dashboard and status-duration panel (staff-tools.md sections 2, 3, 7, 9):
 * constants, rules both sides apply, and the API bodies. How each figure is defined is in
 * docs/decisions.md, "Analytics: how each figure is defined".
 */

export const DAY_MS = 86_400_000;

/** The period selector (staff-tools.md section 9), labelled as the spec writes them. */
export const ANALYTICS_PERIODS = [
  { days: 30, label: 'Last 30 days' },
  { days: 60, label: '60 days' },
  { days: 90, label: '90 days' },
  { days: 180, label: 'Last 6 months' },
] as const;

export const ANALYTICS_LIMITS = {
  defaultProcessingDays: 30,
  defaultStatusDurationDays: 90,
  defaultReorderDays: 180,
  defaultMinOrders: 2,
  maxDays: 365,
  maxMinOrders: 50,
  /** The chart keeps statuses with more than this many orders... */
  chartMinOrders: 5,
  /** ...and the top this many by order count. */
  chartTop: 10,
  attentionList: 5,
  scheduleRows: 20,
  /**
   * The reorder list a response carries, most urgent first: the schedule's 20 rows (the
   * attention list is the head of it); the summary and categories cover every patient.
   */
  defaultPatternLimit: 20,
  maxPatternLimit: 1000,
  /** Where a page of the reorder list may start (the Patients tab pages through it). */
  maxPatternOffset: 1_000_000,
} as const;

/** Reorder status thresholds in days until the predicted next order. */
export const REORDER_THRESHOLDS = { dueSoonDays: 7, upcomingDays: 30 } as const;

export const REORDER_STATUSES = ['overdue', 'due_soon', 'upcoming', 'scheduled'] as const;
export type TReorderStatus = (typeof REORDER_STATUSES)[number];

/** overdue below 0, due_soon 0–7, upcoming 8–30, scheduled beyond; unknown is scheduled never. */
export const reorderStatusOf = (daysUntil: number | null): TReorderStatus | 'unknown' => {
  if (daysUntil === null || Number.isNaN(daysUntil)) {
    return 'unknown';
  }
  if (daysUntil < 0) {
    return 'overdue';
  }
  if (daysUntil <= REORDER_THRESHOLDS.dueSoonDays) {
    return 'due_soon';
  }
  return daysUntil <= REORDER_THRESHOLDS.upcomingDays ? 'upcoming' : 'scheduled';
};

export const ANALYTICS_COLOURS = {
  green: '#10b981',
  blue: '#3b82f6',
  amber: '#f59e0b',
  red: '#ef4444',
  grey: '#6b7280',
  orange: '#f97316',
} as const;

/** Reorder status colours (staff-tools.md section 4); anything else grey. */
export const reorderStatusColour = (status: string): string =>
  ({
    overdue: ANALYTICS_COLOURS.red,
    due_soon: ANALYTICS_COLOURS.orange,
    upcoming: ANALYTICS_COLOURS.blue,
    scheduled: ANALYTICS_COLOURS.green,
  })[status] ?? ANALYTICS_COLOURS.grey;

const KEYWORD_COLOURS: [RegExp, string][] = [
  [/delivered|completed/i, ANALYTICS_COLOURS.green],
  [/shipped|transit/i, ANALYTICS_COLOURS.blue],
  [/progress|processing/i, ANALYTICS_COLOURS.amber],
  [/pending|waiting/i, ANALYTICS_COLOURS.red],
];

/** The duration chart's colour for a status, by the first keyword family its name contains. */
export const statusKeywordColour = (status: string): string =>
  KEYWORD_COLOURS.find(([pattern]) => pattern.test(status))?.[1] ?? ANALYTICS_COLOURS.grey;

/** 'cpap supplies' → 'Cpap supplies': the category card's capitalised name. */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Whole UTC days since the epoch: the summaries' day, and 'today' for a period. */
export const dayOf = (epochMs: number) => Math.floor(epochMs / DAY_MS);

/** 'YYYY-MM-DD' of a day number. */
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A period of N days ends today: today and the N-1 days before it. */
export const periodDays = (todayDay: number, days: number) => ({
  from: todayDay - days + 1,
  to: todayDay,
});

const message = (field: string, low: number, high: number) =>
  `${field} must be a whole number from ${low} to ${high}`;

const ZWhole = (field: string, low: number, high: number, fallback: number) =>
  z.coerce
    .number({ error: message(field, low, high) })
    .int({ error: message(field, low, high) })
    .min(low, { error: message(field, low, high) })
    .max(high, { error: message(field, low, high) })
    .default(fallback);

export const ZProcessingTimeQuery = z.object({
  days: ZWhole('days', 1, ANALYTICS_LIMITS.maxDays, ANALYTICS_LIMITS.defaultProcessingDays),
});
export const ZStatusDurationQuery = z.object({
  days: ZWhole('days', 1, ANALYTICS_LIMITS.maxDays, ANALYTICS_LIMITS.defaultStatusDurationDays),
});
export const ZReorderQuery = z.object({
  days: ZWhole('days', 1, ANALYTICS_LIMITS.maxDays, ANALYTICS_LIMITS.defaultReorderDays),
  min_orders: ZWhole(
    'min_orders',
    2,
    ANALYTICS_LIMITS.maxMinOrders,
    ANALYTICS_LIMITS.defaultMinOrders,
  ),
  limit: ZWhole('limit', 1, ANALYTICS_LIMITS.maxPatternLimit, ANALYTICS_LIMITS.defaultPatternLimit),
  /** The first patient of the page, counted from 0 in the most-urgent-first order. */
  offset: ZWhole('offset', 0, ANALYTICS_LIMITS.maxPatternOffset, 0),
});
export type TReorderQuery = z.infer<typeof ZReorderQuery>;

/**
 * What a reorder export holds: every tracked patient, or only those needing attention
 * (overdue or due soon: the Overview's list). The same period and minimum as the screen.
 */
export const REORDER_EXPORT_SCOPES = ['all', 'attention'] as const;
export type TReorderExportScope = (typeof REORDER_EXPORT_SCOPES)[number];

export const ZReorderExportQuery = ZReorderQuery.pick({ days: true, min_orders: true }).extend({
  scope: z.enum(REORDER_EXPORT_SCOPES, { error: 'scope must be all or attention' }).default('all'),
});
export type TReorderExportQuery = z.input<typeof ZReorderExportQuery>;

/** The export's header row: the schedule's columns, then what the screen shows beside them. */
export const REORDER_CSV_COLUMNS = [
  'Patient',
  'Patient ID',
  'Orders',
  'Avg Cycle (days)',
  'Last Order',
  'Next Order',
  'Days Until Reorder',
  'Status',
  'Categories',
] as const;

/** 'reorder_patients_2025-01-31.csv', 'reorder_attention_2025-01-31.csv' (dated by the server). */
export const reorderExportPrefix = (scope: TReorderExportScope) =>
  scope === 'attention' ? 'reorder_attention' : 'reorder_patients';

/** When the data was last synced (epoch ms of the last orders/status-history load), and the period. */
const ZFreshness = {
  success: z.literal(true),
  days: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  last_synced_at: z.number().nullable(),
};

export const ZStatusDuration = z.object({
  status: z.string(),
  order_count: z.number().int(),
  avg_days: z.number(),
  min_days: z.number(),
  max_days: z.number(),
});
export type TStatusDuration = z.infer<typeof ZStatusDuration>;

export const ZProcessingTimeResponse = z.object({
  ...ZFreshness,
  status_durations: z.array(ZStatusDuration),
  category_stats: z.record(z.string(), z.object({ avg_days: z.number(), count: z.number().int() })),
});
export type TProcessingTimeResponse = z.infer<typeof ZProcessingTimeResponse>;

export const ZStatusDurationResponse = z.object({
  ...ZFreshness,
  statuses: z.array(
    z.object({
      name: z.string(),
      avg_duration_days: z.number().nullable(),
      order_count: z.number().int(),
    }),
  ),
});
export type TStatusDurationResponse = z.infer<typeof ZStatusDurationResponse>;

export const ZReorderPattern = z.object({
  patient_key: z.string(),
  patient_id: z.string().nullable(),
  patient_name: z.string(),
  payor_key: z.string().nullable(),
  total_orders: z.number().int(),
  avg_days_between_orders: z.number(),
  last_order_date: z.string(),
  predicted_next_order: z.string(),
  days_until_reorder: z.number().int(),
  reorder_status: z.enum(REORDER_STATUSES),
  order_categories: z.array(z.string()),
});
export type TReorderPattern = z.infer<typeof ZReorderPattern>;

export const ZCategoryPattern = z.object({
  avg_reorder_days: z.number(),
  min_reorder_days: z.number(),
  max_reorder_days: z.number(),
  patient_count: z.number().int(),
});

export const ZReorderResponse = z.object({
  ...ZFreshness,
  min_orders: z.number().int(),
  summary: z.object({
    overdue_reorders: z.number().int(),
    due_soon: z.number().int(),
    avg_days_between_all_orders: z.number().nullable(),
    total_patients: z.number().int(),
  }),
  reorder_patterns: z.array(ZReorderPattern),
  category_patterns: z.record(z.string(), ZCategoryPattern),
});
export type TReorderResponse = z.infer<typeof ZReorderResponse>;

/** Rounded to one decimal, as every average and cycle in the responses is. */
export const round1 = (value: number) => Math.round(value * 10) / 10;

/** The bar chart's statuses: more than 5 orders, most orders first, top 10. */
export const chartStatuses = <T extends { order_count: number; status: string }>(rows: T[]) =>
  rows
    .filter((row) => row.order_count > ANALYTICS_LIMITS.chartMinOrders)
    .sort((a, b) => b.order_count - a.order_count || a.status.localeCompare(b.status))
    .slice(0, ANALYTICS_LIMITS.chartTop);

/** Statuses the Key Insights box counts as pending: the red keyword family. */
export const isPendingStatus = (status: string) => /pending|waiting/i.test(status);

/** The Key Insights box's three sentences (staff-tools.md section 2). */
export const keyInsights = (
  data: Pick<TProcessingTimeResponse, 'status_durations' | 'category_stats'>,
  formatDays: (days: number | null) => string,
): string[] => {
  const pending = data.status_durations.filter((row) => isPendingStatus(row.status));
  const pendingOrders = pending.reduce((sum, row) => sum + row.order_count, 0);
  const pendingAvg =
    pendingOrders > 0
      ? pending.reduce((sum, row) => sum + row.avg_days * row.order_count, 0) / pendingOrders
      : null;
  const categories = Object.values(data.category_stats);
  const shipped = categories.reduce((sum, row) => sum + row.count, 0);
  const shippedAvg =
    shipped > 0
      ? categories.reduce((sum, row) => sum + row.avg_days * row.count, 0) / shipped
      : null;
  const [top] = [...data.status_durations].sort(
    (a, b) => b.order_count - a.order_count || a.status.localeCompare(b.status),
  );
  return [
    `Pending orders average ${formatDays(pendingAvg)} before processing`,
    `Shipped orders take ${formatDays(shippedAvg)} on average`,
    top
      ? `Most common status: ${top.status} (${top.order_count} orders)`
      : 'Most common status: N/A',
  ];
};
