import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the error screen', () => {
  it('shows the message with Retry and Reload Page, and Retry renders the screen again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const Screen = () => {
      if (fail) {
        throw new Error('The screen broke');
      }
      return <p>All good</p>;
    };
    render(
      <ErrorBoundary>
        <Screen />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The screen broke')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('All good')).toBeTruthy();
  });

  it('falls back to a general message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = () => {
      throw new Error('');
    };
    render(
      <ErrorBoundary>
        <Screen />
      </ErrorBoundary>,
    );
    expect(screen.getByText('An unexpected error occurred')).toBeTruthy();
  });
});
