import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from './change-password-form';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';

/*
 * What the browser and password managers may fill where: the account name only into the
 * email field, a saved password only into "current" fields, a generated one only into "new"
 * fields. Nothing is submitted here, so no request is made.
 */

const renderWithProviders = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

const autocompleteOf = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }).getAttribute('autocomplete');

/** The hidden account name a password manager reads in a form that sets a password. */
const hiddenUsername = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>('input[hidden][autocomplete="username"]');

describe('autocomplete attributes', () => {
  it('login: the email as the username, the saved password', () => {
    renderWithProviders(<LoginForm onSignedIn={vi.fn()} onChallenge={vi.fn()} />);
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(autocompleteOf('Password')).toBe('current-password');
  });

  it('change password: the saved password first, then new ones, for the signed-in account', () => {
    const { container } = render(
      <ChangePasswordForm
        firstPassword={false}
        phase="idle"
        onSubmit={vi.fn()}
        username="cm@example.com"
      />,
    );
    expect(autocompleteOf('Current password')).toBe('current-password');
    expect(autocompleteOf('New password')).toBe('new-password');
    expect(autocompleteOf('Confirm new password')).toBe('new-password');
    expect(hiddenUsername(container)?.value).toBe('cm@example.com');
  });

  it('reset by link: two new passwords, for the account the link names', () => {
    const { container } = renderWithProviders(
      <ResetPasswordForm token="t" onDone={vi.fn()} username="patient@example.com" />,
    );
    expect(autocompleteOf('New password')).toBe('new-password');
    expect(autocompleteOf('Confirm password')).toBe('new-password');
    expect(hiddenUsername(container)?.value).toBe('patient@example.com');
  });

  it('reset by link: no empty account name when the server named none', () => {
    const { container } = renderWithProviders(<ResetPasswordForm token="t" onDone={vi.fn()} />);
    expect(hiddenUsername(container)).toBeNull();
  });

  it('forgot password: the account email', () => {
    renderWithProviders(<ForgotPasswordPage />);
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('username');
  });
});
