import { useEffect } from 'react';
import { ModalDialog } from '../components/ui/modal';
import { ToastViewport } from '../components/ui/toast';
import { IdleWarningDialog } from '../features/auth/components/idle-logoff';
import { OrderCategoriesDropdown } from '../features/patients/components/orders-panel';

/** Long enough for a screen's start (its data, its first renders) to be over. */
export const OVERLAY_PRELOAD_DELAY_MS = 5_000;

/**
 * The dialogs, popovers and toasts (Radix, about 22 kB gzip) are no part of a screen's start: a
 * phone spent its first seconds fetching and evaluating them for nothing (benchmarks.md,
 * session 8). They are fetched once the signed-in frame has been up a while, so the first
 * dialog a user opens, and the idle warning, still open at once.
 */
export const preloadOverlays = () =>
  Promise.all([
    ModalDialog.preload(),
    IdleWarningDialog.preload(),
    OrderCategoriesDropdown.preload(),
    ToastViewport.preload(),
  ]);

export const usePreloadOverlaysWhenIdle = () => {
  useEffect(() => {
    // A failed download is only early: each part is fetched again when first used.
    const timer = window.setTimeout(
      () => void preloadOverlays().catch(() => undefined),
      OVERLAY_PRELOAD_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);
};
