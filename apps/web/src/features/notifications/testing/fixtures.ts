import type {
  TNotification,
  TNotificationListResponse,
  TNotificationSettingsResponse,
  TNotificationStatsResponse,
} from '@portal/domain/notifications-api';

/** Made-up answers for component tests: shaped by the contract, no server involved. */
export const notification = (overrides: Partial<TNotification> = {}): TNotification => ({
  id: 1,
  kind: 'shipped',
  created_at: '2026-11-25T13:24:00Z',
  read: false,
  order_id: 'O-1',
  so_number: 'SO-1001',
  patient_key: 'PK-1',
  patient_name: 'Jane Doe',
  status: '43 - Ship Other',
  days: null,
  link: '/dashboard?patient=PK-1&order=SO-1001',
  ...overrides,
});

export const listAnswer = (
  notifications: TNotification[],
  overrides: Partial<TNotificationListResponse> = {},
): TNotificationListResponse => ({
  success: true,
  notifications,
  unread_count: notifications.filter((item) => !item.read).length,
  pagination: { current_page: 1, pages: 1, total: notifications.length, per_page: 20 },
  ...overrides,
});

const kind = { in_app: true, email: 'digest' } as const;

export const settingsAnswer = (
  overrides: Partial<TNotificationSettingsResponse> = {},
): TNotificationSettingsResponse => ({
  success: true,
  settings: {
    scope: 'favorites',
    categories: [],
    waiting_days: 14,
    digest_time: '08:00',
    time_zone: 'America/Chicago',
    kinds: { action_needed: kind, shipped: kind, delivered: kind, waiting: kind },
  },
  available_kinds: ['action_needed', 'shipped', 'delivered', 'waiting'],
  payor_scope_available: true,
  saved: false,
  ...overrides,
});

export const statsAnswer = (
  overrides: Partial<TNotificationStatsResponse> = {},
): TNotificationStatsResponse => ({
  success: true,
  days: [
    { day: '2026-11-24', notified: 12, sent: 5, failed: 1, bounced: 0 },
    { day: '2026-11-25', notified: 1200, sent: 40, failed: 0, bounced: 2 },
  ],
  totals: { notified: 1212, sent: 45, failed: 1, bounced: 2 },
  users: { email: 31, in_app_only: 9 },
  ...overrides,
});
