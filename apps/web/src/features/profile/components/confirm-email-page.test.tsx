import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_MESSAGES, emailChangedMessage } from '@portal/domain/profile-api';
import { ConfirmEmailPage } from './confirm-email-page';

const answer = (status: number, body: object) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body), { status }));

const renderPage = (url: string, signedIn = false, onConfirmed?: () => unknown) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <ConfirmEmailPage signedIn={signedIn} onConfirmed={onConfirmed} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('ConfirmEmailPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('posts the token without credentials on a click, then shows the result with focus on it', async () => {
    const email = 'new@example.com';
    const fetchSpy = answer(200, { success: true, message: emailChangedMessage(email), email });
    const onConfirmed = vi.fn();
    renderPage('/confirm-email?token=abc_123', false, onConfirmed);
    expect(screen.getByRole('heading', { name: 'Confirm Your New Email Address' })).toBeTruthy();
    // Nothing is sent until the owner says so.
    expect(fetchSpy).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    const heading = await screen.findByRole('heading', { name: 'Email Address Changed' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toBe(emailChangedMessage(email));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(onConfirmed).toHaveBeenCalledOnce();
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/profile/confirm-email');
    expect(init?.credentials).toBe('omit');
    expect(JSON.parse(init?.body as string)).toEqual({ token: 'abc_123' });
  });

  it('says a spent or expired link is invalid, and leads a signed-in user back to the profile', async () => {
    answer(400, { success: false, error: PROFILE_MESSAGES.emailLinkInvalid, code: 'bad_request' });
    renderPage('/confirm-email?token=spent', true);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    const heading = await screen.findByRole('heading', { name: 'Invalid Confirmation Link' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('alert').textContent).toBe(PROFILE_MESSAGES.emailLinkInvalid);
    expect(screen.getByRole('link', { name: 'Back to My Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
  });

  it('gives the server’s words when another account took the address meanwhile', async () => {
    answer(409, { success: false, error: PROFILE_MESSAGES.emailTakenAtConfirm, code: 'conflict' });
    renderPage('/confirm-email?token=contested');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    expect(await screen.findByRole('heading', { name: 'Email Address Not Changed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(PROFILE_MESSAGES.emailTakenAtConfirm);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('offers a retry when the server could not be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage('/confirm-email?token=offline');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Email Address' }));
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('explains a link without a token at once', () => {
    const fetchSpy = answer(200, {});
    renderPage('/confirm-email');
    expect(screen.getByRole('heading', { name: 'Invalid Confirmation Link' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(PROFILE_MESSAGES.emailLinkInvalid);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
