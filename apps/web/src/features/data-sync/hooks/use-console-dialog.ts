import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

const focusedElement = () =>
  document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;

/**
 * The console's one open dialog, and focus handed back when it closes (Escape, Close,
 * Cancel, a save). The dialogs open without a Radix trigger, so Radix has nothing to return
 * focus to and it fell to <body>. The element focused when the first dialog of a chain
 * opened is remembered (Details → View Data Samples → close goes back to that Details
 * button); when it has gone meanwhile or cannot take focus (a finished job's row left the
 * panel, a button now disabled), the selected tab of `frame` takes it.
 */
export const useConsoleDialog = <T>(frame: RefObject<HTMLElement | null>) => {
  const [dialog, setDialog] = useState<T>();
  const isOpen = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  const returning = useRef(false);

  const openDialog = useCallback((next: T) => {
    if (!isOpen.current) {
      opener.current = focusedElement();
    }
    isOpen.current = true;
    setDialog(next);
  }, []);

  const closeDialog = useCallback(() => {
    isOpen.current = false;
    returning.current = true;
    setDialog(undefined);
  }, []);

  // After the dialog has unmounted (and its focus trap with it).
  useEffect(() => {
    if (dialog !== undefined || !returning.current) {
      return;
    }
    returning.current = false;
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      target.focus();
    }
    if (!target || document.activeElement !== target) {
      frame.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    }
  }, [dialog, frame]);

  return { dialog, openDialog, closeDialog };
};
