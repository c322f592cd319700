import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ACCESS_MESSAGES } from '@portal/domain/first-access';
import { fakeApi, ok, refused } from '../../../test/fake-api';
import { AcceptInvitationPage } from './accept-invitation-page';

const PASSWORD = 'Lantern-Orchard-93!';

const user = (mfaOwed: boolean) => ({
  id: 7,
  email: 'ivy@patients.example.com',
  username: 'Ivy Invite',
  role: 'patient',
  patient_key: 'K-1',
  payor_key: 'PAY-A',
  password_reset_required: false,
  filter_preferences_shown: false,
  mfa_enrolment_required: mfaOwed,
  permissions: [],
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/accept-invitation?token=tok_abc']}>
        <Routes>
          <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
          <Route path="/dashboard" element={<h1>Patient dashboard</h1>} />
          <Route path="/security-setup" element={<h1>Security setup</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const signedOut = {
  path: '/api/check-auth',
  answers: [refused(401, 'Not signed in', 'unauthorized')],
};

const choose = (password: string, confirm = password) => {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
};

describe('the invitation page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('welcomes the invited user, sets the password and signs them in', async () => {
    const api = fakeApi([
      signedOut,
      {
        method: 'POST',
        path: '/api/verify-invitation',
        answers: [ok({ valid: true, email: 'ivy@patients.example.com' })],
      },
      {
        method: 'POST',
        path: '/api/accept-invitation',
        answers: [
          ok({ success: true, message: FIRST_ACCESS_MESSAGES.accepted, user: user(false) }),
        ],
      },
    ]);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: FIRST_ACCESS_MESSAGES.welcome }),
    ).toBeTruthy();
    expect(await screen.findByText('ivy@patients.example.com')).toBeTruthy();
    choose(PASSWORD, 'Lantern-Orchard-94!');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.sent('POST', '/api/accept-invitation')).toHaveLength(0);
    choose(PASSWORD);
    expect(await screen.findByRole('heading', { name: 'Patient dashboard' })).toBeTruthy();
    expect(api.sent('POST', '/api/accept-invitation')[0]?.body).toEqual({
      token: 'tok_abc',
      new_password: PASSWORD,
    });
  });

  it('sends a user whose role requires a second factor on to enrol', async () => {
    fakeApi([
      signedOut,
      {
        method: 'POST',
        path: '/api/verify-invitation',
        answers: [ok({ valid: true, email: 'ivy@patients.example.com' })],
      },
      {
        method: 'POST',
        path: '/api/accept-invitation',
        answers: [ok({ success: true, message: FIRST_ACCESS_MESSAGES.accepted, user: user(true) })],
      },
    ]);
    renderPage();
    await screen.findByText('ivy@patients.example.com');
    choose(PASSWORD);
    expect(await screen.findByRole('heading', { name: 'Security setup' })).toBeTruthy();
  });

  it('says when the link no longer works, and leads to a new one', async () => {
    fakeApi([
      signedOut,
      {
        method: 'POST',
        path: '/api/verify-invitation',
        answers: [ok({ valid: false, error: FIRST_ACCESS_MESSAGES.invalidInvitation })],
      },
    ]);
    renderPage();
    expect(await screen.findByText(FIRST_ACCESS_MESSAGES.invalidInvitation)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new link by email' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
