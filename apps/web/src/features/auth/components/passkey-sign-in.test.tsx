import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MFA_MESSAGES, type TMfaChallengeResponse } from '@portal/domain/mfa-api';
import { fakeApi, ok, refused, type TFakeRoute } from '../../../test/fake-api';
import { FAKE_ASSERTION, fakeWebAuthn } from '../../../test/fake-webauthn';
import { LOGIN_FORM_DELAY_MS, LoginPage } from './login-page';

const OPTIONS = '/api/login/passkey/options';
const PASSKEY = '/api/login/passkey';

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
const requestOptions = ok({
  success: true,
  ceremony: 'ceremony-1',
  options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' },
});
const challenge: TMfaChallengeResponse = {
  success: true,
  mfa_required: true,
  message: MFA_MESSAGES.usePasskey,
  challenge: 'challenge-token-1',
  methods: ['passkey', 'recovery_code'],
};

const renderLogin = (routes: TFakeRoute[]) => {
  const api = fakeApi(routes);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/dashboard" element={<p>the dashboard</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  act(() => {
    vi.advanceTimersByTime(LOGIN_FORM_DELAY_MS);
  });
  return api;
};

// The first click loads the passkey code: slow on a busy machine.
describe('signing in with a passkey', { timeout: 15_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('offers no passkey where the browser has none', () => {
    renderLogin([]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('signs in with the passkey alone from the login card, keeping remember-me', async () => {
    const webauthn = fakeWebAuthn();
    const api = renderLogin([
      { method: 'POST', path: OPTIONS, answers: [requestOptions] },
      { method: 'POST', path: PASSKEY, answers: [ok(signedIn)] },
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('the dashboard')).toBeTruthy();
    expect(api.sent('POST', OPTIONS).map((request) => request.body)).toEqual([
      { remember_me: true },
    ]);
    expect(webauthn.get).toHaveBeenCalledTimes(1);
    expect(api.sent('POST', PASSKEY).map((request) => request.body)).toEqual([
      { ceremony: 'ceremony-1', credential: FAKE_ASSERTION },
    ]);
  });

  it('says so when the prompt is closed or the passkey is refused, and keeps the focus', async () => {
    const webauthn = fakeWebAuthn();
    webauthn.closeNextPrompt(webauthn.get);
    renderLogin([
      { method: 'POST', path: OPTIONS, answers: [requestOptions] },
      {
        method: 'POST',
        path: PASSKEY,
        answers: [refused(401, MFA_MESSAGES.passkeyWrong, 'unauthorized')],
      },
    ]);
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(MFA_MESSAGES.passkeyCancelled);
    await waitFor(() => expect(document.activeElement).toBe(button));
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(MFA_MESSAGES.passkeyWrong),
    );
  });

  it('after the password, offers the passkey first and sends it with the challenge', async () => {
    fakeWebAuthn();
    const api = renderLogin([
      { method: 'POST', path: '/api/login', answers: [ok(challenge)] },
      { method: 'POST', path: OPTIONS, answers: [requestOptions] },
      { method: 'POST', path: PASSKEY, answers: [ok(signedIn)] },
    ]);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cm@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Quiet-Harbor-42!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const use = await screen.findByRole('button', { name: 'Use your passkey' });
    // Without an app, the field below is for a recovery code, and nothing to switch to.
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use your authenticator app' })).toBeNull();
    fireEvent.click(use);
    expect(await screen.findByText('the dashboard')).toBeTruthy();
    expect(api.sent('POST', OPTIONS).map((request) => request.body)).toEqual([
      { challenge: 'challenge-token-1' },
    ]);
  });

  it('goes back to the password when the sign-in has timed out', async () => {
    fakeWebAuthn();
    renderLogin([
      { method: 'POST', path: '/api/login', answers: [ok(challenge)] },
      {
        method: 'POST',
        path: OPTIONS,
        answers: [refused(401, MFA_MESSAGES.challengeExpired, 'unauthorized')],
      },
    ]);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cm@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Quiet-Harbor-42!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use your passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MFA_MESSAGES.challengeExpired);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('cm@example.com');
  });
});
