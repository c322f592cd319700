import { useCallback, useEffect, useRef } from 'react';

/**
 * Moves the focus once the next render has drawn its target: the heading of a panel that
 * replaced the button that opened it, or that button again when the panel closes (ux.md:
 * focus goes to the heading of what a click opened, and back to what opened it).
 */
export const useFocusLater = () => {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const element = pending.current ? document.getElementById(pending.current) : null;
    if (element) {
      pending.current = null;
      element.focus();
    }
  });
  return useCallback((id: string) => {
    pending.current = id;
  }, []);
};
