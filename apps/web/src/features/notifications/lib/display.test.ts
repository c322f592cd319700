import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_LABELS } from '@portal/domain/notifications-api';
import { notification } from '../testing/fixtures';
import { badgeText, bellLabel } from './bell-text';
import { kindText, orderText } from './display';
import { isPortalPath } from './portal-link';
import { formatTimeAgo } from './time-ago';

describe('notification display', () => {
  it('names the kind, with the threshold a waiting order crossed', () => {
    expect(kindText(notification({ kind: 'shipped' }))).toBe(NOTIFICATION_KIND_LABELS.shipped);
    expect(kindText(notification({ kind: 'waiting', days: 14 }))).toBe(
      `${NOTIFICATION_KIND_LABELS.waiting} · more than 14 days`,
    );
    expect(kindText(notification({ kind: 'waiting', days: 1 }))).toBe(
      `${NOTIFICATION_KIND_LABELS.waiting} · more than 1 day`,
    );
  });

  it('names the order by its sales-order number, else its id', () => {
    expect(orderText(notification())).toBe('Order #SO-1001');
    expect(orderText(notification({ so_number: null, order_id: 'O-77' }))).toBe('Order #O-77');
  });

  it('counts the unread for the bell', () => {
    expect([0, 1, 99, 100].map(badgeText)).toEqual(['', '1', '99', '99+']);
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(4)).toBe('Notifications, 4 unread');
  });

  it('follows only links into the portal', () => {
    expect(isPortalPath('/dashboard?patient=PK-1')).toBe(true);
    for (const link of ['https://evil.example', '//evil.example', '/\\evil', 'javascript:x']) {
      expect(isPortalPath(link)).toBe(false);
    }
  });
});

describe('how long ago', () => {
  const now = Date.parse('2026-11-25T18:00:00Z');
  const ago = (ms: number) => formatTimeAgo(new Date(now - ms).toISOString(), now);

  it('reads in minutes and hours within a day, in days after', () => {
    expect(ago(20_000)).toBe('just now');
    expect(ago(-20_000)).toBe('just now');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(2 * 3_600_000)).toBe('2 hours ago');
    expect(ago(23 * 3_600_000 + 59 * 60_000)).toBe('23 hours ago');
    expect(ago(12 * 86_400_000)).toBe('12 days ago');
    expect(formatTimeAgo('not a date', now)).toBe('');
  });
});
