import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MFA_MESSAGES,
  type TFactor,
  type TRecoveryCodesResponse,
  type TSecurityResponse,
} from '@portal/domain/mfa-api';
import { fakeApi, ok, refused, type TFakeRoute } from '../../../test/fake-api';
import { SecuritySettings } from './security-settings';

const SECURITY = '/api/profile/security';
const START = '/api/profile/totp';
const CONFIRM = '/api/profile/totp/confirm';
const CODES = '/api/profile/recovery-codes';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const phone: TFactor = {
  id: 3,
  kind: 'totp',
  name: 'My phone',
  created_at: '2026-11-20T15:00:00.000Z',
  last_used_at: null,
};
const security = (factors: TFactor[], left = factors.length ? 10 : 0): TSecurityResponse => ({
  success: true,
  factors,
  recovery_codes_left: left,
});
const codes = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '0')}`);
const codesAnswer = (message: string): TRecoveryCodesResponse => ({
  success: true,
  message,
  recovery_codes: codes,
});

const renderSection = (routes: TFakeRoute[]) => {
  const api = fakeApi(routes);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SecuritySettings />
    </QueryClientProvider>,
  );
  return api;
};

/** The dialog's password field: its show/hide toggle names the password too. */
const passwordField = () => screen.getByLabelText('Current password', { selector: 'input' });

describe('My Profile › Security', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('adds an app: QR code and key, a code from it, then the recovery codes once', async () => {
    const api = renderSection([
      { path: SECURITY, answers: [ok(security([])), ok(security([phone]))] },
      {
        method: 'POST',
        path: START,
        answers: [
          ok({ success: true, secret: SECRET, otpauth_uri: `otpauth://totp/x?secret=${SECRET}` }),
        ],
      },
      {
        method: 'POST',
        path: CONFIRM,
        answers: [
          refused(400, MFA_MESSAGES.enrolCodeWrong),
          ok(codesAnswer(MFA_MESSAGES.enrolled)),
        ],
      },
    ]);
    expect(await screen.findByText('No authenticator app or passkey yet.')).toBeTruthy();
    expect(
      screen.getByText('Add one so a stolen password alone cannot open your account.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add authenticator app' }));
    const heading = await screen.findByRole('heading', { name: 'Add an authenticator app' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const qr = await screen.findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('totp-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Authenticator app');

    // A code that cannot be one is not sent.
    const code = screen.getByLabelText('Code from the app');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6 digits your app shows')).toBeTruthy();
    expect(api.sent('POST', CONFIRM)).toHaveLength(0);

    fireEvent.change(code, { target: { value: '000 000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MFA_MESSAGES.enrolCodeWrong)).toBeTruthy();
    expect(document.activeElement).toBe(code);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Work phone' } });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByText(MFA_MESSAGES.enrolled)).toBeTruthy();
    expect(screen.getByText(MFA_MESSAGES.recoveryCodesShownOnce, { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeTruthy();
    expect(api.sent('POST', CONFIRM).map((request) => request.body)).toEqual([
      { code: '000000', name: 'Authenticator app' },
      { code: '123456', name: 'Work phone' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    // Shown once: gone for good, and the list has the new app.
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(await screen.findByText('My phone')).toBeTruthy();
    expect(screen.getByText('10 recovery codes left')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Add authenticator app' }),
      ),
    );
  });

  it('removes an app only with the current password', async () => {
    const api = renderSection([
      { path: SECURITY, answers: [ok(security([phone])), ok(security([]))] },
      {
        method: 'DELETE',
        path: '/api/profile/factors/3',
        answers: [
          refused(400, MFA_MESSAGES.passwordWrong),
          ok({ success: true, message: MFA_MESSAGES.removed }),
        ],
      },
    ]);
    expect(await screen.findByText('Added 11/20/2026 · Not used yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove My phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove My phone?' });
    expect(within(dialog).getByText(/your recovery codes will stop working/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(passwordField()));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Enter your current password')).toBeTruthy();
    expect(api.sent('DELETE', '/api/profile/factors/3')).toHaveLength(0);

    fireEvent.change(passwordField(), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(MFA_MESSAGES.passwordWrong)).toBeTruthy();

    fireEvent.change(passwordField(), { target: { value: 'Quiet-Harbor-42!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('status')).textContent).toBe(MFA_MESSAGES.removed);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('No authenticator app or passkey yet.')).toBeTruthy();
    expect(api.sent('DELETE', '/api/profile/factors/3').map((request) => request.body)).toEqual([
      { password: 'wrong' },
      { password: 'Quiet-Harbor-42!' },
    ]);
  });

  it('makes new recovery codes after the password, and shows them once', async () => {
    const api = renderSection([
      { path: SECURITY, answers: [ok(security([phone], 2))] },
      {
        method: 'POST',
        path: CODES,
        answers: [ok(codesAnswer(MFA_MESSAGES.recoveryCodesShownOnce))],
      },
    ]);
    expect(await screen.findByText('2 recovery codes left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    await waitFor(() => expect(document.activeElement).toBe(passwordField()));
    fireEvent.change(passwordField(), { target: { value: 'Quiet-Harbor-42!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    expect(await screen.findByTestId('recovery-codes')).toBeTruthy();
    // Said once, as the banner, not again in the text under it.
    const shownOnce = screen.getByText(MFA_MESSAGES.recoveryCodesShownOnce, { exact: false });
    expect(shownOnce.getAttribute('role')).toBe('status');
    expect(api.sent('POST', CODES)[0]?.body).toEqual({ password: 'Quiet-Harbor-42!' });
  });

  it('says when the methods could not be loaded, with a Retry', async () => {
    renderSection([{ path: SECURITY, answers: [refused(403, 'Access denied', 'forbidden')] }]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your sign-in methods could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('Access denied')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
