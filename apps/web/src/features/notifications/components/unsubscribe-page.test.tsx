import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_MESSAGES } from '@portal/domain/notifications-api';
import { fakeApi, ok, refused } from '../../../test/fake-api';
import { UnsubscribePage } from './unsubscribe-page';

const PATH = '/api/notifications/unsubscribe?token=tok_123';

const described = (unsubscribed: boolean) => ({
  success: true,
  kind: 'shipped',
  kind_label: NOTIFICATION_KIND_LABELS.shipped,
  email_hint: 'j***@example.com',
  unsubscribed,
  message: unsubscribed ? NOTIFICATION_MESSAGES.unsubscribed : 'Email about this is still on.',
});

const renderPage = (url: string, signedIn = false) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <UnsubscribePage signedIn={signedIn} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the unsubscribe page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says what the link turns off, and turns it off only on a click', async () => {
    const api = fakeApi([
      { path: PATH, answers: [ok(described(false))] },
      { method: 'POST', path: PATH, answers: [ok(described(true))] },
    ]);
    renderPage('/unsubscribe?token=tok_123');
    expect(
      await screen.findByText(`Stop emails about: ${NOTIFICATION_KIND_LABELS.shipped}`),
    ).toBeTruthy();
    expect(screen.getByText('j***@example.com')).toBeTruthy();
    // Opening the link changed nothing: a mail scanner may have opened it.
    expect(api.sent('POST', PATH)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const heading = await screen.findByRole('heading', { name: 'Unsubscribed' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toBe(NOTIFICATION_MESSAGES.unsubscribed);
    expect(
      screen
        .getByRole('link', { name: 'Sign in to change your notification settings' })
        .getAttribute('href'),
    ).toBe('/profile');
    const [get] = api.sent('GET', PATH);
    const [post] = api.sent('POST', PATH);
    expect(get?.init?.credentials).toBe('omit');
    expect(post?.init?.credentials).toBe('omit');
  });

  it('says so at once when the emails are already off', async () => {
    fakeApi([{ path: PATH, answers: [ok(described(true))] }]);
    renderPage('/unsubscribe?token=tok_123', true);
    expect(await screen.findByRole('heading', { name: 'Unsubscribed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change your notification settings' })).toBeTruthy();
  });

  it('gives the server’s words for a link it refuses', async () => {
    fakeApi([{ path: PATH, answers: [refused(400, NOTIFICATION_MESSAGES.unsubscribeInvalid)] }]);
    renderPage('/unsubscribe?token=tok_123');
    expect(await screen.findByRole('heading', { name: 'Invalid Unsubscribe Link' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(NOTIFICATION_MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('explains a link without a token without asking the server', () => {
    const api = fakeApi([]);
    renderPage('/unsubscribe');
    expect(screen.getByRole('heading', { name: 'Invalid Unsubscribe Link' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(NOTIFICATION_MESSAGES.unsubscribeInvalid);
    expect(api.requests).toHaveLength(0);
  });
});
