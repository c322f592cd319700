import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MFA_MESSAGES, type TMfaChallengeResponse } from '@portal/domain/mfa-api';
import { fakeApi, ok, refused, type TFakeRoute } from '../../../test/fake-api';
import { LOGIN_FORM_DELAY_MS, LoginPage } from './login-page';

const LOGIN = '/api/login';
const SECOND = '/api/login/second-factor';

const challenge: TMfaChallengeResponse = {
  success: true,
  mfa_required: true,
  message: MFA_MESSAGES.enterCode,
  challenge: 'challenge-token-1',
  methods: ['totp', 'recovery_code'],
};

const user = {
  id: 7,
  email: 'cm@example.com',
  username: 'Casey Manager',
  role: 'case_manager',
  payor_key: 'P1',
  patient_key: null,
  password_reset_required: false,
  mfa_enrolment_required: false,
  filter_preferences_shown: true,
  permissions: [],
};
const signedIn = { success: true, message: 'Login successful', user };

/** The login page at /login, with the screens a sign-in lands on. */
const renderLogin = (second: TFakeRoute['answers']) => {
  const api = fakeApi([
    { method: 'POST', path: LOGIN, answers: [ok(challenge)] },
    { method: 'POST', path: SECOND, answers: second },
  ]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/dashboard" element={<p>the dashboard</p>} />
          <Route path="/change-password" element={<p>the change-password screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
};

/** Signs in with the password and waits for the second step's field. */
const passwordStep = async () => {
  act(() => {
    vi.advanceTimersByTime(LOGIN_FORM_DELAY_MS);
  });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cm@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Quiet-Harbor-42!' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByLabelText('Authentication code');
};

const verify = (code: string) => {
  fireEvent.change(document.activeElement!, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
};

describe('the sign-in’s second step', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks for the app’s code after a right password, sends it with the challenge and lands', async () => {
    const api = renderLogin([ok(signedIn)]);
    const field = await passwordStep();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    expect(field).toBe(document.activeElement);
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('aria-describedby')).toBe('second-factor-totp-hint');
    expect(screen.getByText(MFA_MESSAGES.enterCode)).toBeTruthy();

    verify('123 456');
    expect(await screen.findByText('the dashboard')).toBeTruthy();
    expect(api.sent('POST', SECOND).map((request) => request.body)).toEqual([
      { challenge: challenge.challenge, method: 'totp', code: '123456' },
    ]);
  });

  it('does not send a code that cannot be one, and shows the server’s refusal in the alert', async () => {
    const api = renderLogin([refused(401, MFA_MESSAGES.codeWrong, 'unauthorized')]);
    await passwordStep();
    verify('12345');
    expect(await screen.findByText('Enter the 6 digits your app shows')).toBeTruthy();
    expect(api.sent('POST', SECOND)).toHaveLength(0);

    verify('654321');
    expect((await screen.findByRole('alert')).textContent).toBe(MFA_MESSAGES.codeWrong);
    // The code stays, selected, to be typed over.
    expect(screen.getByLabelText('Authentication code')).toBe(document.activeElement);
    expect(screen.getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(false);
  });

  it('takes a recovery code instead, and switches back to the app', async () => {
    const api = renderLogin([
      ok({ ...signedIn, user: { ...user, password_reset_required: true } }),
    ]);
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toBe(document.activeElement);
    expect(screen.getByText(MFA_MESSAGES.enterRecoveryCode)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use your authenticator app' }));
    expect(screen.getByLabelText('Authentication code')).toBe(document.activeElement);
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));

    verify('ABCDE-23456');
    // A forced password change comes first, as after a password sign-in.
    expect(await screen.findByText('the change-password screen')).toBeTruthy();
    expect(api.sent('POST', SECOND)[0]?.body).toEqual({
      challenge: challenge.challenge,
      method: 'recovery_code',
      code: 'abcde23456',
    });
  });

  it('goes back to the password, with the reason, when the challenge has ended', async () => {
    renderLogin([refused(401, MFA_MESSAGES.challengeExpired, 'unauthorized')]);
    await passwordStep();
    verify('111111');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MFA_MESSAGES.challengeExpired);
    // The focus moves in the form's effect, which may run after the alert is found.
    await waitFor(() => expect(alert).toBe(document.activeElement));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('cm@example.com');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveProperty('checked', true);
  });

  it('goes back to the password form on request, with the email kept', async () => {
    renderLogin([ok(signedIn)]);
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('cm@example.com');
    await waitFor(() => expect(screen.getByLabelText('Password')).toBe(document.activeElement));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
