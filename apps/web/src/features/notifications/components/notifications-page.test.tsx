import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@portal/domain/notifications-api';
import { fakeApi, ok, refused, type TFakeRoute } from '../../../test/fake-api';
import { listAnswer, notification } from '../testing/fixtures';
import { NotificationsPage } from './notifications-page';

const LIST = '/api/notifications?page=1&per_page=20';
const UNREAD_LIST = `${LIST}&unread=true`;
const LINK = '/dashboard?patient=PK-1&order=SO-1001';

/** Where the app went, and whether it replaced the address it left. */
const Dashboard = () => {
  const location = useLocation();
  return (
    <output data-testid="dashboard">
      {location.pathname + location.search} {useNavigationType()}
    </output>
  );
};
const NotificationsAddress = () => (
  <output data-testid="address">{useLocation().search || '(none)'}</output>
);

const renderAt = (url: string, routes: TFakeRoute[]) => {
  const api = fakeApi(routes);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/notifications"
            element={
              <>
                <NotificationsPage />
                <NotificationsAddress />
              </>
            }
          />
          <Route path="/dashboard" element={<Dashboard />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
};

describe('the notifications page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says there are none yet, with Mark all read unavailable', async () => {
    renderAt('/notifications', [{ path: LIST, answers: [ok(listAnswer([]))] }]);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Mark all read' }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('says when none is unread, and goes back to all of them', async () => {
    renderAt('/notifications?view=unread', [
      { path: UNREAD_LIST, answers: [ok(listAnswer([]))] },
      { path: LIST, answers: [ok(listAnswer([notification({ read: true })]))] },
    ]);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.emptyUnread)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unread' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByRole('heading', { name: 'Jane Doe' })).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('(none)');
  });

  it('shows a failed load with a Retry that loads the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const failed = refused(503, 'Service temporarily unavailable', 'unavailable');
    renderAt('/notifications', [
      { path: LIST, answers: [failed, failed, failed, ok(listAnswer([notification()]))] },
    ]);
    // Two retries of a server error, a few seconds apart, come first.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NOTIFICATION_MESSAGES.loadFailed);
    expect(alert.textContent).toContain('Service temporarily unavailable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: /Jane Doe/ })).toBeTruthy();
  });

  it('shows each notification: kind, patient, order, status, time, and the unread mark', async () => {
    renderAt('/notifications', [
      {
        path: LIST,
        answers: [
          ok(
            listAnswer(
              [
                notification(),
                notification({ id: 2, kind: 'waiting', days: 14, read: true, so_number: null }),
              ],
              { pagination: { current_page: 1, pages: 3, total: 42, per_page: 20 } },
            ),
          ),
        ],
      },
    ]);
    const [unread, read] = await screen.findAllByTestId('notification');
    expect(within(unread!).getByRole('heading').textContent).toBe('Unread: Jane Doe');
    expect(unread!.textContent).toContain('Order shipped');
    expect(unread!.textContent).toContain('Order #SO-1001 · Shipped another way · 43 - Ship Other');
    expect(unread!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-25T13:24:00Z');
    expect(within(unread!).getByRole('button', { name: 'Mark read' })).toBeTruthy();
    expect(read!.textContent).toContain('Order waiting in one status · more than 14 days');
    expect(read!.textContent).toContain('Order #O-1');
    expect(within(read!).queryByRole('button', { name: 'Mark read' })).toBeNull();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('marks all read after asking, saying how many', async () => {
    const api = renderAt('/notifications', [
      {
        path: LIST,
        answers: [
          ok(listAnswer([notification(), notification({ id: 2 })])),
          ok(listAnswer([notification({ read: true }), notification({ id: 2, read: true })])),
        ],
      },
      {
        method: 'POST',
        path: '/api/notifications/read-all',
        answers: [ok({ success: true, updated: 2 })],
      },
    ]);
    await screen.findAllByTestId('notification');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark 2 notifications read?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('2 notifications marked read.')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Mark all read' }).getAttribute('aria-disabled'),
      ).toBe('true'),
    );
    expect(screen.queryByRole('button', { name: 'Mark read' })).toBeNull();
    expect(api.sent('POST', '/api/notifications/read-all')).toHaveLength(1);
  });

  it('marks one read, and opens an order after marking it read', async () => {
    const api = renderAt('/notifications', [
      {
        path: LIST,
        answers: [
          ok(listAnswer([notification(), notification({ id: 2, patient_name: 'Sam Roe' })])),
          ok(listAnswer([notification({ read: true }), notification({ id: 2 })])),
        ],
      },
      {
        method: 'POST',
        path: '/api/notifications/1/read',
        answers: [ok({ success: true, link: LINK })],
      },
      {
        method: 'POST',
        path: '/api/notifications/2/read',
        answers: [ok({ success: true, link: '/dashboard?patient=PK-2' })],
      },
    ]);
    const [first] = await screen.findAllByTestId('notification');
    fireEvent.click(within(first!).getByRole('button', { name: 'Mark read' }));
    await waitFor(() =>
      expect(within(first!).queryByRole('button', { name: 'Mark read' })).toBeNull(),
    );
    expect(api.sent('POST', '/api/notifications/1/read')).toHaveLength(1);
    // The button is gone; the focus moved on to the card's link.
    expect(document.activeElement).toBe(within(first!).getByRole('link', { name: 'Open order' }));

    const second = screen.getAllByTestId('notification')[1]!;
    fireEvent.click(within(second).getByRole('link', { name: 'Open order' }));
    expect((await screen.findByTestId('dashboard')).textContent).toBe(
      '/dashboard?patient=PK-2 PUSH',
    );
    expect(api.sent('POST', '/api/notifications/2/read')).toHaveLength(1);
  });

  it('opens the order a mail’s ?open= names, in place of this address', async () => {
    const api = renderAt('/notifications?open=7', [
      {
        method: 'POST',
        path: '/api/notifications/7/read',
        answers: [ok({ success: true, link: LINK })],
      },
    ]);
    expect((await screen.findByTestId('dashboard')).textContent).toBe(`${LINK} REPLACE`);
    // The list itself is never asked for on the way.
    expect(api.sent('GET', LIST)).toHaveLength(0);
  });

  it('says an unknown ?open= notification is not found, and shows the list', async () => {
    renderAt('/notifications?open=9', [
      {
        method: 'POST',
        path: '/api/notifications/9/read',
        answers: [refused(404, NOTIFICATION_MESSAGES.notFound, 'not_found')],
      },
      { path: LIST, answers: [ok(listAnswer([notification()]))] },
    ]);
    expect(await screen.findByText(NOTIFICATION_MESSAGES.notFound)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Jane Doe/ })).toBeTruthy();
    // The id leaves the address, so a reload does not ask again.
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('(none)'));
  });
});
