import { useEffect } from 'react';

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * '/' anywhere on the screen (outside a field) puts the cursor in the search box, as on
 * GitHub or Linear: a caller's SO or tracking number goes in without reaching for the mouse.
 */
export const useSearchShortcut = (inputId: string) => {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key !== '/' ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        typingIn(event.target)
      ) {
        return;
      }
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) {
        event.preventDefault();
        input.focus();
        input.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [inputId]);
};
