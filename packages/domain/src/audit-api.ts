import { z } from 'zod';
import { ZLine } from './text';

/**
 * The audit trail an admin reads (issue 10): what each row may say, the filters of
 * GET /api/admin/audit and its CSV export, and the rows they answer with.
 */

/** Every action the trail records; sign-in events, then reads of patient data, then the trail's own reads. */
export const AUDIT_ACTIONS = [
  'login_success',
  'login_failure',
  'logout',
  'session_timeout',
  'refresh_token_reuse',
  'password_change',
  'password_reset_requested',
  'password_reset',
  'patient_list',
  'patient_view',
  'patient_payors_view',
  'order_list',
  'order_items_view',
  // One order by SO number with its status history (issue 30).
  'order_view',
  'intake_list',
  'favorite_list',
  'favorite_toggle',
  'document_list',
  'document_upload',
  'document_download',
  'document_delete',
  'audit_view',
  'audit_export',
  'profile_update',
  // A new email address confirmed by its mailed link (issue 28), with both addresses.
  'email_change',
  'contact_message',
  // The data-sync console (issue 12): runs, the scheduler, schedules, groups, samples.
  'sync_start',
  'sync_scheduler_control',
  'sync_schedule_save',
  'sync_group_save',
  'sync_samples_view',
  // A running sync job cancelled (issue 28).
  'sync_cancel',
  // A mapping previewed in the group editor (issue 31): the warehouse tables it reads.
  'sync_preview',
  // Analytics (issue 15): the reorder list names patients; so does its CSV export (issue 29).
  'analytics_reorder_view',
  'analytics_reorder_export',
  // Admin documentation (issue 14): each save and delete, with the version it made.
  'admin_doc_create',
  'admin_doc_update',
  'admin_doc_delete',
  // Admin tools (issue 14): bulk user upload, and patient portal activation and its list.
  'bulk_user_upload',
  'portal_activation',
  'portal_activation_list',
  // The worklist (issue 30): its pages and its CSV export name the patients shown.
  'worklist_list',
  'worklist_export',
  // Notifications (issue 34): the list names the patients of its orders; opening one, its patient.
  'notification_list',
  'notification_open',
  // Notification settings saved, or a kind's mail turned off by an unsubscribe link.
  'notification_settings_save',
  'notification_unsubscribe',
  // Multi-factor sign-in (issue 35): a right password that still owes a factor, the factor's
  // success or failure, and each enrolment, removal and renewal of recovery codes.
  'login_second_factor_required',
  'second_factor_success',
  'second_factor_failure',
  'factor_enrol',
  'factor_remove',
  'recovery_codes_renew',
  // A factor renamed; a sign-in with a passkey alone (no password), its success or failure.
  'factor_rename',
  'passkey_sign_in_success',
  'passkey_sign_in_failure',
  // An admin's sign-in policy per role, and their reset of a user's factors.
  'mfa_policy_save',
  'factor_reset',
  // A user ended one of their other sessions, or all of them, from My Profile › Security.
  'session_end',
  'session_end_others',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Reads that show many patients at once: their row names no single patient_key, the
 * keys shown are in detail.patient_keys, and the patient filter looks there too.
 */
export const AUDIT_LIST_ACTIONS = [
  'patient_list',
  'intake_list',
  'favorite_list',
  'document_list',
  'analytics_reorder_view',
  'analytics_reorder_export',
  'portal_activation_list',
  'worklist_list',
  'worklist_export',
  'notification_list',
] as const satisfies readonly TAuditAction[];

export const AUDIT_OUTCOMES = ['allowed', 'denied'] as const;
export type TAuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export carries; a larger result asks for narrower filters. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const ZDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-01-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a valid date');

const fromNotAfterTo = (value: { from?: string | undefined; to?: string | undefined }) =>
  !value.from || !value.to || value.from <= value.to;
const fromAfterTo = {
  message: 'The From date must not be after the To date',
  path: ['from'],
};

const ZAuditFilterFields = z.object({
  /** The user's email (any case) or numeric id. */
  user: ZLine().trim().max(255).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** The patient's visible ID (as on screen), resolved to its patient_key. */
  patient_id: ZLine().trim().max(64).optional(),
  /** Whole days, UTC, both ends included. */
  from: ZDate.optional(),
  to: ZDate.optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
});

export const ZAuditFilters = ZAuditFilterFields.refine(fromNotAfterTo, fromAfterTo);
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

export const ZAuditListQuery = ZAuditFilterFields.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
}).refine(fromNotAfterTo, fromAfterTo);
export type TAuditListQuery = z.input<typeof ZAuditListQuery>;

export const ZAuditRow = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  ip: z.string().nullable(),
  patient_key: z.string().nullable(),
  /** The visible ID of patient_key, when the patient is known to the portal. */
  patient_id: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;

export const ZAuditListResponse = z.object({
  success: z.literal(true),
  rows: z.array(ZAuditRow),
  current_page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
});
export type TAuditListResponse = z.infer<typeof ZAuditListResponse>;

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'user_id',
  'user_email',
  'action',
  'outcome',
  'ip',
  'patient_key',
  'patient_id',
  'detail',
] as const;
