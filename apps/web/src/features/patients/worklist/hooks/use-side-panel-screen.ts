import { useSyncExternalStore } from 'react';

/** Tailwind's `xl` breakpoint: from here the open order sits beside the list. */
const SIDE_PANEL = '(min-width: 1280px)';

const query = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(SIDE_PANEL)
    : undefined;

const subscribe = (onChange: () => void) => {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/**
 * Whether the screen has room for the order beside the list (true) or opens it over the
 * list (false); undefined where the environment cannot tell (jsdom), drawn beside it.
 */
export const useSidePanelScreen = (): boolean | undefined =>
  useSyncExternalStore(subscribe, () => query()?.matches);
