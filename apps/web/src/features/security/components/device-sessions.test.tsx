import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MESSAGES, type TDeviceSession } from '@portal/domain/sessions-api';
import { fakeApi, ok, refused } from '../../../test/fake-api';
import { DeviceSessions } from './device-sessions';

const session = (overrides: Partial<TDeviceSession>): TDeviceSession => ({
  id: 'aaaaaaaaaaaaaaaaaaaaaa',
  current: false,
  device: 'Chrome on Windows',
  kind: 'desktop',
  ip: '10.1.2.3',
  signed_in_at: '2026-11-28T09:00:00.000Z',
  last_seen_at: '2026-11-28T09:10:00.000Z',
  remembered: false,
  ...overrides,
});
const here = session({ id: 'hhhhhhhhhhhhhhhhhhhhhh', current: true });
const phone = session({ id: 'pppppppppppppppppppppp', device: 'Safari on iOS', ip: '203.0.113.9' });
const listed = (...sessions: TDeviceSession[]) => ok({ success: true, sessions });

const renderList = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeviceSessions />
    </QueryClientProvider>,
  );

describe('signed-in devices', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows this device first, and signs another out after asking', async () => {
    const api = fakeApi([
      { path: '/api/profile/sessions', answers: [listed(here, phone), listed(here)] },
      {
        method: 'DELETE',
        path: `/api/profile/sessions/${phone.id}`,
        answers: [ok({ success: true, message: SESSION_MESSAGES.ended, ended: 1 })],
      },
    ]);
    renderList();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('This device')).toBeTruthy();
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(second!.textContent).toContain('203.0.113.9');

    fireEvent.click(within(second!).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out Safari on iOS?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(SESSION_MESSAGES.ended)).toBeTruthy();
    expect(api.sent('DELETE', `/api/profile/sessions/${phone.id}`)).toHaveLength(1);
    expect(await screen.findByText('You are signed in on this device only.')).toBeTruthy();
  });

  it('signs out everywhere else, and says why when it cannot', async () => {
    fakeApi([
      { path: '/api/profile/sessions', answers: [listed(here, phone)] },
      {
        method: 'POST',
        path: '/api/profile/sessions/end-others',
        answers: [refused(429, 'Too many requests. Try again in a minute.')],
      },
    ]);
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere else?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Try again in a minute.',
    );
  });

  it('offers a retry when the list cannot load', async () => {
    // A refusal is not retried: the error shows at once.
    fakeApi([
      { path: '/api/profile/sessions', answers: [refused(403, 'Access denied', 'forbidden')] },
    ]);
    renderList();
    expect(await screen.findByText('Your signed-in devices could not be loaded')).toBeTruthy();
    expect(screen.getByText('Access denied')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
