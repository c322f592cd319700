import { z } from 'zod';
import { ZKeyList, ZPageInfo } from './patients-api';

/**
 * Notifications (issue 34): staff hear when a followed patient's order needs them,
 * patients hear when their own order moves. The sync's changes become events once
 * (modules/notifications on the server); each user's share of them is an in-app
 * notification and, by their settings, an email at once or in a daily digest.
 *
 * GET  /api/notifications                 the signed-in user's list (newest first)
 * GET  /api/notifications/unread-count    the bell's number
 * POST /api/notifications/:id/read        marks one read; answers the order's link
 * POST /api/notifications/read-all        marks every one read
 * GET  /api/notification-settings         the user's settings (defaults until saved)
 * PUT  /api/notification-settings         saves them
 * GET  /api/notifications/unsubscribe?token=   what a mail's link would turn off (public)
 * POST /api/notifications/unsubscribe?token=   turns it off (public; RFC 8058 one-click)
 * GET  /api/admin/notifications/stats?days=    per day: in-app, emailed, failed, bounced
 */

export const NOTIFICATION_KINDS = ['action_needed', 'shipped', 'delivered', 'waiting'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds a patient account hears about: their own orders moving. */
export const PATIENT_NOTIFICATION_KINDS = [
  'action_needed',
  'shipped',
  'delivered',
] as const satisfies readonly TNotificationKind[];

export const NOTIFICATION_KIND_LABELS: Record<TNotificationKind, string> = {
  action_needed: 'Order needs documents',
  shipped: 'Order shipped',
  delivered: 'Order delivered',
  waiting: 'Order waiting in one status',
};

/** What a settings row explains under each kind's label. */
export const NOTIFICATION_KIND_HINTS: Record<TNotificationKind, string> = {
  action_needed: 'An order enters Action Items: it waits on a prescription, PAR or SCA/LOA.',
  shipped: 'A tracking number appears or the order reaches a shipped status.',
  delivered: 'The order has a delivery date or is marked delivered.',
  waiting: 'An order has stayed in one status longer than your threshold.',
};

export const EMAIL_FREQUENCIES = ['instant', 'digest', 'off'] as const;
export type TEmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

export const EMAIL_FREQUENCY_LABELS: Record<TEmailFrequency, string> = {
  instant: 'Email at once',
  digest: 'Daily digest',
  off: 'No email',
};

/** Whose orders a staff user hears about. Patients always hear about their own. */
export const NOTIFICATION_SCOPES = ['favorites', 'payor'] as const;
export type TNotificationScope = (typeof NOTIFICATION_SCOPES)[number];

export const NOTIFICATION_SCOPE_LABELS: Record<TNotificationScope, string> = {
  favorites: 'My favourite patients',
  payor: 'Every patient of my payor, in the categories I choose',
};

export const NOTIFICATION_LIMITS = {
  /** Days an order may wait in one status before a 'waiting' notification; default 14. */
  waitingDays: { min: 1, max: 365, default: 14 },
  perPage: { default: 20, max: 100 },
  /** The admin's daily figures reach back this far at most. */
  statsDays: { default: 30, max: 366 },
  /** Notifications listed in one instant mail or digest; the rest are counted. */
  mailItems: 50,
} as const;

export const DEFAULT_DIGEST_TIME = '08:00';

export const NOTIFICATION_MESSAGES = {
  loadFailed: 'Failed to load notifications',
  empty: 'No notifications yet. You will see here when an order of a patient you follow moves.',
  emptyUnread: 'No unread notifications.',
  settingsSaved: 'Notification settings saved',
  settingsFailed: 'Failed to save notification settings',
  categoriesRequired: 'Choose at least one category to hear about every patient of your payor.',
  payorScopeNeedsPayor: 'Your account has no payor: you can follow your favourite patients only.',
  timeZoneInvalid: 'Choose a time zone from the list.',
  unsubscribed: 'You will no longer get these emails.',
  unsubscribeInvalid:
    'This unsubscribe link is invalid. Change your email settings under My Profile, Notifications.',
  notFound: 'Notification not found',
} as const;

/** 'HH:MM', 24-hour. */
export const ZDigestTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Digest time must be HH:MM (24-hour)');

export const ZKindSetting = z.object({
  in_app: z.boolean(),
  email: z.enum(EMAIL_FREQUENCIES),
});
export type TKindSetting = z.infer<typeof ZKindSetting>;

export const ZNotificationSettings = z.object({
  scope: z.enum(NOTIFICATION_SCOPES),
  /**
   * Classification keys heard about with the 'payor' scope: a JSON array (ZKeyList's keys,
   * without its comma-separated query-string reading, which zod cannot encode in an answer).
   */
  categories: ZKeyList.out,
  waiting_days: z
    .number()
    .int()
    .min(NOTIFICATION_LIMITS.waitingDays.min)
    .max(NOTIFICATION_LIMITS.waitingDays.max),
  digest_time: ZDigestTime,
  /** An IANA time zone (the server checks it against the zones it knows). */
  time_zone: z.string().min(1).max(64),
  kinds: z.object({
    action_needed: ZKindSetting,
    shipped: ZKindSetting,
    delivered: ZKindSetting,
    waiting: ZKindSetting,
  }),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const ZNotificationSettingsResponse = z.object({
  success: z.literal(true),
  settings: ZNotificationSettings,
  /** The kinds this account can hear about (a patient: PATIENT_NOTIFICATION_KINDS). */
  available_kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  /** Whether the 'payor' scope is open to this account (staff with a payor). */
  payor_scope_available: z.boolean(),
  /** Whether the settings were saved (false: these are the defaults). */
  saved: z.boolean(),
});
export type TNotificationSettingsResponse = z.infer<typeof ZNotificationSettingsResponse>;

export const ZNotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_LIMITS.perPage.max)
    .default(NOTIFICATION_LIMITS.perPage.default),
  unread: z.enum(['true', 'false']).optional(),
});
export type TNotificationListQuery = z.input<typeof ZNotificationListQuery>;

export const ZNotification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** When the event was found (ISO 8601). */
  created_at: z.string(),
  read: z.boolean(),
  order_id: z.string(),
  so_number: z.string().nullable(),
  patient_key: z.string(),
  patient_name: z.string(),
  status: z.string().nullable(),
  /** For 'waiting': the threshold crossed, in days. */
  days: z.number().int().nullable(),
  /** Where the order opens in the portal (the dashboard with the patient and order chosen). */
  link: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListResponse = z.object({
  success: z.literal(true),
  notifications: z.array(ZNotification),
  unread_count: z.number().int(),
  pagination: ZPageInfo,
});
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponse>;

export const ZUnreadCountResponse = z.object({
  success: z.literal(true),
  unread_count: z.number().int(),
});

export const ZMarkReadResponse = z.object({
  success: z.literal(true),
  link: z.string(),
});

export const ZMarkAllReadResponse = z.object({
  success: z.literal(true),
  updated: z.number().int(),
});

export const ZUnsubscribeQuery = z.object({ token: z.string().min(1).max(512) });

export const ZUnsubscribeResponse = z.object({
  success: z.literal(true),
  kind: z.enum(NOTIFICATION_KINDS),
  kind_label: z.string(),
  /** The address the mails went to, partly hidden (j***@example.com). */
  email_hint: z.string(),
  /** Whether email of this kind is off now. */
  unsubscribed: z.boolean(),
  message: z.string(),
});
export type TUnsubscribeResponse = z.infer<typeof ZUnsubscribeResponse>;

export const ZNotificationStatsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_LIMITS.statsDays.max)
    .default(NOTIFICATION_LIMITS.statsDays.default),
});

export const ZNotificationStatsDay = z.object({
  /** 'YYYY-MM-DD', UTC. */
  day: z.string(),
  /** In-app notifications created. */
  notified: z.number().int(),
  /** Notification mails delivered to the mail server. */
  sent: z.number().int(),
  /** Mails whose delivery failed and is being retried. */
  failed: z.number().int(),
  /** Mails the mail server refused for good (SMTP 5xx): not retried. */
  bounced: z.number().int(),
});
export type TNotificationStatsDay = z.infer<typeof ZNotificationStatsDay>;

export const ZNotificationStatsResponse = z.object({
  success: z.literal(true),
  days: z.array(ZNotificationStatsDay),
  totals: ZNotificationStatsDay.omit({ day: true }),
  /** Users who hear about anything by email, and in-app only. */
  users: z.object({ email: z.number().int(), in_app_only: z.number().int() }),
});
export type TNotificationStatsResponse = z.infer<typeof ZNotificationStatsResponse>;

/**
 * What a user hears before saving settings. Staff: everything in the portal, mail at once
 * when an order needs documents, the rest in the daily digest. Patients: their order's
 * moves by mail at once. The time zone is the portal's scheduler zone (the server's).
 */
export const defaultNotificationSettings = (options: {
  isPatient: boolean;
  timeZone: string;
}): TNotificationSettings => ({
  scope: 'favorites',
  categories: [],
  waiting_days: NOTIFICATION_LIMITS.waitingDays.default,
  digest_time: DEFAULT_DIGEST_TIME,
  time_zone: options.timeZone,
  kinds: options.isPatient
    ? {
        action_needed: { in_app: true, email: 'instant' },
        shipped: { in_app: true, email: 'instant' },
        delivered: { in_app: true, email: 'instant' },
        waiting: { in_app: false, email: 'off' },
      }
    : {
        action_needed: { in_app: true, email: 'instant' },
        shipped: { in_app: true, email: 'digest' },
        delivered: { in_app: true, email: 'digest' },
        waiting: { in_app: true, email: 'digest' },
      },
});
