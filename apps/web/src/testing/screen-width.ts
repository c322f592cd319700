import { afterEach, vi } from 'vitest';

/**
 * Gives jsdom a matchMedia that answers as a phone (narrow) or a desktop (wide) screen,
 * for lists that draw only the layout that shows (lib/use-wide-screen.ts). Call it inside
 * a describe; it is undone after each test.
 */
export const useScreenWidth = () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return (width: 'narrow' | 'wide') => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: width === 'wide' && query === '(min-width: 768px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  };
};
