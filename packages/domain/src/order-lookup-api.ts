import { z } from 'zod';
import { ZOrder, ZPatientSummary } from './patients-api';

/**
 * One order for staff, by its SO number: GET /api/patients/orders/:so_number. The
 * dashboard opens it from a link (/dashboard?order=…), from a search by SO or tracking
 * number and from a worklist row; the server checks the order's patient against the
 * user's payor scope and answers 404 'Order not found' otherwise.
 */

export const ZStatusHistoryEntry = z.object({
  status: z.string().nullable(),
  /** The status in plain words, null when it has none. */
  label: z.string().nullable(),
  /** ISO 8601 */
  entered_at: z.string().nullable(),
  /** ISO 8601; null while the order is still in it. */
  exited_at: z.string().nullable(),
  /** Whole days in it (to now while current); null when unknown. */
  days: z.number().int().nullable(),
});
export type TStatusHistoryEntry = z.infer<typeof ZStatusHistoryEntry>;

export const ZOrderLookupResponse = z.object({
  success: z.literal(true),
  /** The patient's payor: the dashboard's scope for this order. */
  payor_key: z.string().nullable(),
  patient: ZPatientSummary,
  order: ZOrder,
  /** Oldest first. */
  history: z.array(ZStatusHistoryEntry),
});
export type TOrderLookupResponse = z.infer<typeof ZOrderLookupResponse>;
