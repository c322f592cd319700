import type { TRetryWait } from '@portal/domain/data-sync-api';
import { useEffect, useState } from 'react';

/** 'Retry 1 of 3 in 4:32': minutes and seconds left until the next attempt starts. */
export const retryCountdownText = (wait: TRetryWait, now: number) => {
  const left = Math.max(0, Math.ceil((Date.parse(wait.retry_at) - now) / 1000));
  const label = `Retry ${wait.attempt} of ${wait.attempts}`;
  if (left === 0) {
    return `${label} starting...`;
  }
  return `${label} in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
};

const Countdown = ({ wait }: { wait: TRetryWait }) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      {retryCountdownText(wait, now)}
    </p>
  );
};

/**
 * The wait of a job that failed to reach the warehouse and will try again (issue 31),
 * counting down each second between the dialog's polls. Nothing when it is not waiting;
 * each wait counts from its own start.
 */
export const RetryCountdown = ({ wait }: { wait: TRetryWait | null | undefined }) =>
  wait ? <Countdown key={wait.retry_at} wait={wait} /> : null;
