import { useCallback, useEffect, useState } from 'react';

export type TNotice = { tone: 'success' | 'error'; text: string };

/** Status banners close by themselves after this long (staff-tools.md sections 4 and 9). */
export const NOTICE_MS = 5_000;

/**
 * A banner that closes itself `ms` after it was shown; showing another restarts the wait.
 * `keepErrors` leaves error banners up until the next action replaces them.
 */
export const useTimedNotice = (options: { ms?: number; keepErrors?: boolean } = {}) => {
  const { ms = NOTICE_MS, keepErrors = false } = options;
  const [notice, setNotice] = useState<TNotice>();
  useEffect(() => {
    if (!notice || (keepErrors && notice.tone === 'error')) {
      return undefined;
    }
    const timer = setTimeout(() => setNotice(undefined), ms);
    return () => clearTimeout(timer);
  }, [notice, ms, keepErrors]);
  const clear = useCallback(() => setNotice(undefined), []);
  return { notice, show: setNotice, clear };
};
