import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_MESSAGES, emailChangeRequestedMessage } from '@portal/domain/profile-api';
import { NOTICE_MS } from '../../../lib/use-timed-notice';
import { AccountForm } from './account-form';

const profile = { username: 'Dana Whitfield', email: 'dana@example.com' };

const answer = (body: object) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body), { status: 200 }));

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AccountForm profile={profile} />
    </QueryClientProvider>,
  );

describe('profile account form', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('after an email change keeps the server’s note up and shows the current email again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const next = 'dana.new@example.com';
    const fetchSpy = answer({
      success: true,
      message: emailChangeRequestedMessage(next),
      ...profile,
    });
    renderForm();
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('Current Password'), {
      target: { value: 'Current-Pass-1!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));

    const note = await screen.findByText(emailChangeRequestedMessage(next));
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.getByLabelText<HTMLInputElement>('Email Address').value).toBe(profile.email);
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    expect(JSON.parse(fetchSpy.mock.calls[0]?.[1]?.body as string)).toEqual({
      username: profile.username,
      email: next,
      current_password: 'Current-Pass-1!',
    });
    // Unlike the success banner, the note does not close by itself.
    act(() => {
      vi.advanceTimersByTime(NOTICE_MS * 2);
    });
    expect(screen.getByText(emailChangeRequestedMessage(next))).toBeTruthy();
  });

  it('confirms a rename with the banner that closes by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer({ success: true, message: PROFILE_MESSAGES.updated, ...profile, username: 'Dana W.' });
    renderForm();
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Dana W.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(PROFILE_MESSAGES.updated)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(NOTICE_MS);
    });
    expect(screen.queryByText(PROFILE_MESSAGES.updated)).toBeNull();
  });
});
