/** Every query of the signed-in user's notifications sits under this root (list and count). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const notificationKeys = {
  unreadCount: [...NOTIFICATIONS_KEY, 'unread-count'] as const,
  list: (params: { page: number; unread: boolean }) =>
    [...NOTIFICATIONS_KEY, 'list', params] as const,
  settings: ['notification-settings'] as const,
  unsubscribe: (token: string) => ['notification-unsubscribe', token] as const,
  stats: (days: number) => ['notification-stats', days] as const,
};

/** How often the bell asks for its number while the page is visible. */
export const UNREAD_POLL_MS = 60_000;
