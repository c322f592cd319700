import type { TClock } from '../lib/clock';

/** A clock that stands still until a test moves it; hand `now` to useTestPortal. */
export const testClock = (start = Date.now()) => {
  let current = start;
  const now: TClock = () => current;
  return {
    now,
    advance: (ms: number) => {
      current += ms;
    },
  };
};
