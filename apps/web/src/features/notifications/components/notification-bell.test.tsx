import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUnreadCountQueryOptions } from '../api/get-unread-count';
import { fakeApi, ok } from '../../../test/fake-api';
import { NotificationBell } from './notification-bell';

const UNREAD = '/api/notifications/unread-count';

const renderBell = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the notification bell', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says how many are unread in its name and its badge, and leads to /notifications', async () => {
    fakeApi([{ path: UNREAD, answers: [ok({ success: true, unread_count: 3 })] }]);
    renderBell();
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('3');
    const bell = screen.getByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
  });

  it('shows no badge when nothing is unread', async () => {
    const api = fakeApi([{ path: UNREAD, answers: [ok({ success: true, unread_count: 0 })] }]);
    renderBell();
    await vi.waitFor(() => expect(api.sent('GET', UNREAD)).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('writes 99+ above 99, and keeps the exact count in its name', async () => {
    fakeApi([{ path: UNREAD, answers: [ok({ success: true, unread_count: 150 })] }]);
    renderBell();
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('99+');
    expect(screen.getByRole('link', { name: 'Notifications, 150 unread' })).toBeTruthy();
  });

  it('stays a plain way to the list when the count cannot be read', async () => {
    const api = fakeApi([{ path: UNREAD, answers: [ok({ success: true, unread_count: 'many' })] }]);
    renderBell();
    await vi.waitFor(() => expect(api.sent('GET', UNREAD)).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });

  it('asks again every minute and when the window regains focus', () => {
    const options = getUnreadCountQueryOptions();
    expect(options.refetchInterval).toBe(60_000);
    expect(options.refetchOnWindowFocus).toBe(true);
  });
});
