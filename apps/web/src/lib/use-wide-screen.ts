import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: tables from here up, cards below. */
const WIDE = '(min-width: 768px)';

const query = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(WIDE)
    : undefined;

const subscribe = (onChange: () => void) => {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/**
 * Whether the screen is wide enough for tables (true) or shows cards (false);
 * undefined where the environment cannot tell (no matchMedia), and both are drawn with
 * CSS choosing. Lists draw only the layout that shows: drawing the hidden one as well
 * doubled the dashboard's render work on a phone.
 */
export const useWideScreen = (): boolean | undefined =>
  useSyncExternalStore(subscribe, () => query()?.matches);
