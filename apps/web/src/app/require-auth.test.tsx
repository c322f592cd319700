import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TLoginLocationState } from '../features/auth/components/login-page';
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
});
