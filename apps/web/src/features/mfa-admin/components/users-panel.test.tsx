import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MFA_POLICY_MESSAGES } from '@portal/domain/mfa-policy-api';
import { fakeApi, ok, refused, type TFakeRoute } from '../../../test/fake-api';
import { useScreenWidth } from '../../../testing/screen-width';
import { mfaUser, usersAnswer } from '../testing/fixtures';
import { SEARCH_DELAY_MS } from './users-filters';
import { UsersPanel } from './users-panel';

const USERS = '/api/admin/mfa/users';

const pat = mfaUser({
  id: 9,
  email: 'pat.patient@example.com',
  username: 'pat',
  role: 'patient',
  required: false,
  factors: [],
  recovery_codes_left: 0,
});
const owing = mfaUser({
  id: 11,
  email: 'sam.cs@example.com',
  username: 'sam',
  role: 'customer_service',
  factors: [],
  recovery_codes_left: 0,
});

const renderPanel = (routes: TFakeRoute[], url = '/admin/security') => {
  const api = fakeApi(routes);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <UsersPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
};

describe('who has enrolled', () => {
  const screenWidth = useScreenWidth();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists each user with their methods, and marks those their role requires a method of', async () => {
    screenWidth('wide');
    renderPanel([{ path: USERS, answers: [ok(usersAnswer([mfaUser(), pat, owing]))] }]);
    await screen.findByText('3 users');
    const table = screen.getByRole('table', {
      name: 'Users and their sign-in methods, by email',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toBe(
      'EmailUser nameRoleSign-in methodsLast usedRecovery codes leftActions',
    );
    expect(within(rows[1]!).getByText("Authenticator app · Passkey 'YubiKey'")).toBeTruthy();
    expect(rows[1]?.textContent).toContain('Case Manager');
    expect(rows[1]?.textContent).toContain('11/27/2026');
    expect(within(rows[1]!).getByRole('cell', { name: '9' })).toBeTruthy();
    expect(rows[2]?.textContent).toContain('None');
    expect(within(rows[2]!).queryByText('Required')).toBeNull();
    expect(within(rows[3]!).getByText('Required')).toBeTruthy();
    expect(
      screen
        .getAllByRole('button', { name: /^Reset sign-in methods for/ })
        .map((b) => b.textContent),
    ).toEqual(['Reset sign-in methods']);
  });

  it('searches, filters and pages through the server, keeping them in the address', async () => {
    screenWidth('wide');
    const page = (n: number, users = [mfaUser()]) => ok(usersAnswer(users, { total: 60, page: n }));
    const api = renderPanel([
      { path: USERS, answers: [page(1)] },
      { path: `${USERS}?page=2`, answers: [page(2)] },
      { path: `${USERS}?search=jane`, answers: [ok(usersAnswer([mfaUser()]))] },
      { path: `${USERS}?search=jane&role=case_manager`, answers: [ok(usersAnswer([]))] },
      {
        path: `${USERS}?search=jane&role=case_manager&enrolment=not_enrolled`,
        answers: [ok(usersAnswer([]))],
      },
    ]);
    expect(await screen.findByText('1–1 of 60 users')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Users pages' });
    expect(pager.textContent).toContain('Page 1 of 3');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'jane' } });
    expect(await screen.findByText('1 user', {}, { timeout: 3_000 })).toBeTruthy();
    expect(api.sent('GET', `${USERS}?search=jane`)).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'case_manager' } });
    expect(await screen.findByText('No users found')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Enrolment'), { target: { value: 'not_enrolled' } });
    await vi.waitFor(() =>
      expect(
        api.sent('GET', `${USERS}?search=jane&role=case_manager&enrolment=not_enrolled`),
      ).toHaveLength(1),
    );
    const clear = await screen.findByRole('button', { name: 'Clear filters' });
    // Timers the test moves (and that also follow the clock), so the typing delay's timer
    // started by the clearing can be run out without waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(clear);
      await vi.waitFor(() => expect(api.sent('GET', USERS)).toHaveLength(2));
      expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('');
      expect(screen.getByLabelText<HTMLSelectElement>('Role').value).toBe('');
      // The cleared search stays cleared once the typing delay has passed.
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS + 100);
      expect(api.sent('GET', `${USERS}?search=jane`)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens on the filters its address names', async () => {
    screenWidth('wide');
    const api = renderPanel(
      [{ path: `${USERS}?role=patient&enrolment=enrolled&page=2`, answers: [ok(usersAnswer([]))] }],
      '/admin/security?role=patient&enrolment=enrolled&page=2',
    );
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Role').value).toBe('patient');
    expect(screen.getByLabelText<HTMLSelectElement>('Enrolment').value).toBe('enrolled');
    expect(api.requests).toHaveLength(1);
  });

  it('becomes cards on a phone', async () => {
    screenWidth('narrow');
    renderPanel([{ path: USERS, answers: [ok(usersAnswer([mfaUser(), owing]))] }]);
    const cards = await screen.findByRole('list', {
      name: 'Users and their sign-in methods, by email',
    });
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("Authenticator app · Passkey 'YubiKey'");
    expect(within(items[1]!).getByText('Required')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('resets a user after asking, says what happened, and refreshes the list', async () => {
    screenWidth('wide');
    const api = renderPanel([
      {
        path: USERS,
        answers: [ok(usersAnswer([mfaUser()])), ok(usersAnswer([mfaUser({ factors: [] })]))],
      },
      {
        method: 'DELETE',
        path: `${USERS}/7/factors`,
        answers: [ok({ success: true, message: MFA_POLICY_MESSAGES.reset })],
      },
    ]);
    const opener = await screen.findByRole('button', {
      name: 'Reset sign-in methods for jane.cm@example.com',
    });
    fireEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset sign-in methods?' });
    expect(dialog.textContent).toContain(
      'removes the authenticator apps, passkeys and recovery codes of jane.cm@example.com',
    );
    expect(dialog.textContent).toContain('signs them out everywhere and tells them by email');
    expect(dialog.textContent).toContain('must add a new method before anything else');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset sign-in methods' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(MFA_POLICY_MESSAGES.reset);
    expect(api.sent('DELETE', `${USERS}/7/factors`)).toHaveLength(1);
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reset sign-in methods/ })).toBeNull();
  });

  it('leaves the list as it was when the reset is cancelled, and tells a refused one', async () => {
    screenWidth('wide');
    const api = renderPanel([
      { path: USERS, answers: [ok(usersAnswer([mfaUser()]))] },
      {
        method: 'DELETE',
        path: `${USERS}/7/factors`,
        answers: [refused(400, MFA_POLICY_MESSAGES.noFactors)],
      },
    ]);
    const opener = await screen.findByRole('button', { name: /^Reset sign-in methods/ });
    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.sent('DELETE', `${USERS}/7/factors`)).toHaveLength(0);

    fireEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset sign-in methods' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MFA_POLICY_MESSAGES.noFactors);
  });

  it('shows a failed load with a Retry', async () => {
    screenWidth('wide');
    renderPanel([
      {
        path: USERS,
        answers: [refused(403, 'Access denied', 'forbidden'), ok(usersAnswer([mfaUser()]))],
      },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load users');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
