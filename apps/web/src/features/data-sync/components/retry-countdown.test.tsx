import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetryCountdown, retryCountdownText } from './retry-countdown';

const NOW = Date.parse('2025-06-10T10:00:00Z');
const wait = { retry_at: new Date(NOW + 272_000).toISOString(), attempt: 1, attempts: 3 };

describe('RetryCountdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('words the wait as minutes and seconds, and the moment it ends', () => {
    expect(retryCountdownText(wait, NOW)).toBe('Retry 1 of 3 in 4:32');
    expect(retryCountdownText(wait, NOW + 263_500)).toBe('Retry 1 of 3 in 0:09');
    expect(retryCountdownText(wait, NOW + 272_000)).toBe('Retry 1 of 3 starting...');
    expect(retryCountdownText(wait, NOW + 400_000)).toBe('Retry 1 of 3 starting...');
  });

  it('counts down each second between polls, and shows nothing without a wait', () => {
    vi.useFakeTimers({ now: NOW });
    const { rerender, container } = render(<RetryCountdown wait={wait} />);
    expect(screen.getByText('Retry 1 of 3 in 4:32')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByText('Retry 1 of 3 in 4:30')).toBeTruthy();
    rerender(<RetryCountdown wait={null} />);
    expect(container.textContent).toBe('');
  });
});
