import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TAuthUser } from '@portal/domain/auth-api';
import { authQueryKey, type TAuthState } from '../features/auth/api/check-auth';
import type { TLoginLocationState } from '../features/auth/components/login-page';
import { caseManager } from '../test/auth-user';
import { RequireAuth } from './require-auth';

const Login = () => {
  const state = useLocation().state as TLoginLocationState;
  return <output data-testid="from">{state?.from}</output>;
};

describe('the signed-in area’s guard', () => {
  it('sends a signed-out visitor to /login with the address to come back to, query and all', async () => {
    // jsdom has no session cookies: the session check answers 'signed out' without a call.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/notifications?open=42']}>
          <Routes>
            <Route element={<RequireAuth />}>
              <Route path="/notifications" element={<p>Notifications</p>} />
            </Route>
            <Route path="/login" element={<Login />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('from')).textContent).toBe('/notifications?open=42');
  });

  const user = caseManager({ mfa_enrolment_required: true });
  const signedIn = (flags: Partial<TAuthUser>, path: string) => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    client.setQueryData<TAuthState>(authQueryKey, {
      authenticated: true,
      user: { ...user, ...flags },
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<RequireAuth />}>
              <Route path="/dashboard" element={<p>Dashboard</p>} />
              <Route path="/security-setup" element={<p>Set up</p>} />
              <Route path="/change-password" element={<p>Change password</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  };

  it('sends a user who owes a second factor to enrol before any screen', async () => {
    signedIn({}, '/dashboard');
    expect(await screen.findByText('Set up')).toBeTruthy();
    expect(screen.queryByText('Dashboard')).toBeNull();
  });

  it('asks for the forced password change before the second factor', async () => {
    signedIn({ password_reset_required: true }, '/dashboard');
    expect(await screen.findByText('Change password')).toBeTruthy();
  });

  it('lets the user through once nothing is owed', async () => {
    signedIn({ mfa_enrolment_required: false }, '/dashboard');
    expect(await screen.findByText('Dashboard')).toBeTruthy();
  });
});
