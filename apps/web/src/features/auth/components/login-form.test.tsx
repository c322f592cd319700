import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { fakeApi, refused } from '../../../test/fake-api';
import { LoginForm } from './login-form';

describe('the sign-in form', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says when a temporary password has expired, and leads to a new link', async () => {
    fakeApi([
      {
        method: 'POST',
        path: '/api/login',
        answers: [refused(401, AUTH_MESSAGES.temporaryPasswordExpired, 'unauthorized')],
      },
    ]);
    const onSignedIn = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LoginForm onSignedIn={onSignedIn} onChallenge={vi.fn()} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'tom@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Old-Temp-Pass-1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(AUTH_MESSAGES.temporaryPasswordExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new link by email' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
