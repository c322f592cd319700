import { z } from 'zod';

export * from './data-freshness-rules';

/** GET /api/data-freshness: for any signed-in user; no patient data. */
export const ZDataFreshnessResponse = z.object({
  success: z.literal(true),
  /** End of the newest completed load of the orders table (ISO 8601); null before the first. */
  orders_synced_at: z.string().nullable(),
  /** How old the data may be before it is late (the schedule's, or a day without one). */
  max_age_minutes: z.number().int(),
  /** Whether a running schedule set max_age_minutes. */
  scheduled: z.boolean(),
  /** Older than max_age_minutes now (or never synced). */
  stale: z.boolean(),
});
export type TDataFreshnessResponse = z.infer<typeof ZDataFreshnessResponse>;
