import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MFA_MESSAGES, type TFactor, type TSecurityResponse } from '@portal/domain/mfa-api';
import { fakeApi, ok, refused, type TFakeRoute } from '../../../test/fake-api';
import { fakeWebAuthn } from '../../../test/fake-webauthn';
import { SecuritySettings } from './security-settings';

const SECURITY = '/api/profile/security';
const OPTIONS = '/api/profile/passkeys/options';
const ADD = '/api/profile/passkeys';

const laptop: TFactor = {
  id: 5,
  kind: 'passkey',
  name: 'Work laptop',
  created_at: '2026-11-20T15:00:00.000Z',
  last_used_at: null,
  signs_in_alone: true,
};
const security = (factors: TFactor[]): TSecurityResponse => ({
  success: true,
  factors,
  recovery_codes_left: factors.length ? 10 : 0,
});
const creationOptions = ok({
  success: true,
  ceremony: 'ceremony-2',
  options: {
    challenge: 'Y2hhbGxlbmdl',
    rp: { id: 'localhost', name: 'Supplier Portal' },
    user: { id: 'dXNlcg', name: 'cm@example.com', displayName: 'cm@example.com' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    excludeCredentials: [],
  },
});
const codes = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '0')}`);

const renderSection = (routes: TFakeRoute[]) => {
  const api = fakeApi(routes);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SecuritySettings />
    </QueryClientProvider>,
  );
  return api;
};

// The first test loads the passkey code on the click: slow on a busy machine.
describe('My Profile › Security: passkeys', { timeout: 15_000 }, () => {
  beforeEach(() => {
    // jsdom has no ResizeObserver; the checkbox's Radix code asks for one in a form.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('adds a named passkey through the browser’s prompt, then shows the first recovery codes', async () => {
    const webauthn = fakeWebAuthn();
    webauthn.closeNextPrompt(webauthn.create);
    const api = renderSection([
      { path: SECURITY, answers: [ok(security([])), ok(security([laptop]))] },
      { method: 'POST', path: OPTIONS, answers: [creationOptions] },
      {
        method: 'POST',
        path: ADD,
        answers: [
          ok({
            success: true,
            message: MFA_MESSAGES.passkeyAddedWithCodes,
            factor: laptop,
            recovery_codes: codes,
          }),
        ],
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add passkey' }));
    const heading = await screen.findByRole('heading', { name: 'Add a passkey' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    expect(name.value).toBe('Passkey');
    const alone = screen.getByRole('checkbox', {
      name: 'Also sign in with this passkey alone, without my password',
    });
    expect(alone.getAttribute('aria-checked')).toBe('true');

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect(await screen.findByText('Enter a name')).toBeTruthy();
    expect(api.sent('POST', OPTIONS)).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Work laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MFA_MESSAGES.passkeyCancelled);

    fireEvent.click(screen.getByRole('button', { name: 'Create passkey' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(MFA_MESSAGES.passkeyAddedWithCodes)).toBeTruthy();
    expect(api.sent('POST', OPTIONS).map((request) => request.body)).toEqual([
      { passwordless: true },
      { passwordless: true },
    ]);
    const sent = api.sent('POST', ADD).map((request) => request.body);
    expect(sent).toMatchObject([
      {
        ceremony: 'ceremony-2',
        name: 'Work laptop',
        credential: { id: 'Y3JlZC0x', response: { transports: ['internal'] } },
      },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Work laptop')).toBeTruthy();
    expect(screen.getByText('Passkey', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Signs in without your password')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add passkey' })),
    );
  });

  it('renames a passkey in a dialog, and shows a refusal in it', async () => {
    fakeWebAuthn();
    const api = renderSection([
      {
        path: SECURITY,
        answers: [ok(security([laptop])), ok(security([{ ...laptop, name: 'Desk key' }]))],
      },
      {
        method: 'PATCH',
        path: '/api/profile/factors/5',
        answers: [
          refused(404, MFA_MESSAGES.factorNotFound, 'not_found'),
          ok({ success: true, message: MFA_MESSAGES.renamed }),
        ],
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Work laptop' });
    const field = within(dialog).getByLabelText('New name');
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: 'Desk key' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MFA_MESSAGES.factorNotFound)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MFA_MESSAGES.renamed)).toBeTruthy();
    expect(await screen.findByText('Desk key')).toBeTruthy();
    expect(api.sent('PATCH', '/api/profile/factors/5').map((request) => request.body)).toEqual([
      { name: 'Desk key' },
      { name: 'Desk key' },
    ]);
  });
});
