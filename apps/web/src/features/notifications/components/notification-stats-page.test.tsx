import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScreenWidth } from '../../../testing/screen-width';
import { fakeApi, ok, refused } from '../../../test/fake-api';
import { statsAnswer } from '../testing/fixtures';
import { NotificationStatsPage } from './notification-stats-page';

const stats = (days: number) => `/api/admin/notifications/stats?days=${days}`;

const renderPage = (url = '/admin/notifications') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <NotificationStatsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the notification statistics', () => {
  const screenWidth = useScreenWidth();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows each day newest first, the totals and the users, for a chosen period', async () => {
    screenWidth('wide');
    const api = fakeApi([
      { path: stats(30), answers: [ok(statsAnswer())] },
      { path: stats(7), answers: [ok(statsAnswer({ users: { email: 2, in_app_only: 1 } }))] },
    ]);
    renderPage();
    await screen.findByText('Total');
    const table = screen.getByRole('table', { name: 'Notifications per day, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayIn-appEmailedFailedBounced',
      '11/25/20261,2004002',
      '11/24/202612510',
      'Total1,2124512',
    ]);
    expect(screen.getByText('Users who get email').nextSibling?.textContent).toBe('31');
    expect(screen.getByText('Users in the portal only').nextSibling?.textContent).toBe('9');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7' } });
    await vi.waitFor(() =>
      expect(screen.getByText('Users who get email').nextSibling?.textContent).toBe('2'),
    );
    expect(api.sent('GET', stats(7))).toHaveLength(1);
  });

  it('becomes cards on a phone', async () => {
    screenWidth('narrow');
    fakeApi([{ path: stats(90), answers: [ok(statsAnswer())] }]);
    renderPage('/admin/notifications?days=90');
    const cards = await screen.findByRole('list', { name: 'Notifications per day, newest first' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when nothing went out in the period', async () => {
    screenWidth('wide');
    fakeApi([
      {
        path: stats(30),
        answers: [
          ok(statsAnswer({ days: [], totals: { notified: 0, sent: 0, failed: 0, bounced: 0 } })),
        ],
      },
    ]);
    renderPage();
    expect(await screen.findByText('No notifications in this period')).toBeTruthy();
  });

  it('shows a failed load with a Retry', async () => {
    screenWidth('wide');
    fakeApi([
      {
        path: stats(30),
        answers: [refused(403, 'Access denied', 'forbidden'), ok(statsAnswer())],
      },
    ]);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load notification statistics');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
