import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authQueryKey, type TAuthState } from '../features/auth/api/check-auth';
import { preferencesQueryKey } from '../features/preferences/api/get-preferences';
import { getSoClassificationsQueryOptions } from '../features/preferences/api/get-so-classifications';
import { FILTER_DIALOG_TITLE } from '../features/preferences/components/filter-preferences-dialog';
import { caseManager } from '../test/auth-user';
import { fakeApi, ok } from '../test/fake-api';
import { AppLayout } from './app-layout';

/** A case manager on the first sign-in: the filter prompt has not been shown yet. */
const user = caseManager({ filter_preferences_shown: false });

const renderAt = (path: string) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData<TAuthState>(authQueryKey, { authenticated: true, user });
  client.setQueryData(getSoClassificationsQueryOptions().queryKey, [
    { id: '1', key: 'CPAP', name: 'CPAP Supplies', description: null },
  ]);
  client.setQueryData(preferencesQueryKey, { so_classifications: ['CPAP'], order_categories: [] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/dashboard" element={<h1>Dashboard</h1>} />
            <Route
              path="/security-setup"
              element={
                <>
                  <h1>Set up a second factor</h1>
                  <Link to="/dashboard">Done</Link>
                </>
              }
            />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

const UNREAD = '/api/notifications/unread-count';

describe('the signed-in frame’s first-login filter prompt', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('waits until the user has left the second factor’s setup, then opens', async () => {
    fakeApi([{ path: UNREAD, answers: [ok({ success: true, unread_count: 0 })] }]);
    renderAt('/security-setup');
    await screen.findByRole('heading', { name: 'Set up a second factor' });
    // The dialog's code is loaded (test setup): were the prompt there, it would be open once
    // the pending promises have run.
    await act(() => import('../features/preferences/components/filter-prompt'));
    expect(screen.queryByRole('dialog', { name: FILTER_DIALOG_TITLE })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Done' }));
    expect(await screen.findByRole('dialog', { name: FILTER_DIALOG_TITLE })).toBeTruthy();
  });
});
