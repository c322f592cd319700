import { Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component';

export type TToastTone = 'info' | 'success' | 'error';

export type TToastInput = {
  /** The news in a few words: 'Sync finished'. */
  title: string;
  /** The lasting result: '184,878 rows · 46 s'. */
  description?: string;
  /** A green or red edge for a success or a failure; info has none. */
  tone?: TToastTone;
  /** One follow-up ('View job'); the toast's text must make sense without it. */
  action?: { label: string; onClick: () => void };
  /** Milliseconds before it goes (6 s by default; hovering or focusing pauses it). */
  duration?: number;
};

export type TToast = TToastInput & {
  id: number;
  /**
   * Raised while a modal dialog was open: drawn once it closes. A toast drawn over a dialog
   * would be the top layer and take the Escape meant to close the dialog.
   */
  held?: boolean;
};

/** Whether a modal dialog is open now (Radix locks the page's scroll with this attribute). */
export const modalOpen = () =>
  typeof document !== 'undefined' && document.body.hasAttribute('data-scroll-locked');

/** At most this many toasts at once; older ones make way. */
const MAX_TOASTS = 3;

let shown: readonly TToast[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

const publish = (next: readonly TToast[]) => {
  shown = next;
  listeners.forEach((listener) => listener());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * Shows a toast from anywhere (a mutation's onSuccess, a poll that saw a job end), on
 * whatever screen the user is now; returns its id for `dismissToast`.
 */
export const toast = (input: TToastInput): number => {
  lastId += 1;
  publish([...shown, { ...input, id: lastId, held: modalOpen() }].slice(-MAX_TOASTS));
  return lastId;
};

/** Draws the toasts held while a dialog was open (the viewport calls it when none is). */
export const releaseHeldToasts = () => {
  if (shown.some((item) => item.held)) {
    publish(shown.map((item) => (item.held ? { ...item, held: false } : item)));
  }
};

export const dismissToast = (id: number) => publish(shown.filter((item) => item.id !== id));

/** `toast` and `dismiss` for a component; the same functions as the module's. */
export const useToast = () => ({ toast, dismiss: dismissToast });

/**
 * The toasts' Radix code, fetched with the first toast (or earlier by `preload`, as the
 * dialogs are in app/overlay-preload.ts), so no screen's start carries it.
 */
export const ToastViewport = lazyComponent(
  () => import('./toast-viewport'),
  (module) => module.ToastViewport,
);

/**
 * Mount once around the signed-in app. It draws nothing until the first toast; from then
 * on the toasts' region stays, and each toast is announced politely to screen readers.
 */
export const ToastProvider = ({ children }: { children: ReactNode }) => {
  const toasts = useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );
  const [started, setStarted] = useState(toasts.length > 0);
  if (toasts.length > 0 && !started) {
    setStarted(true);
  }
  return (
    <>
      {children}
      {started ? (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} onDismiss={dismissToast} />
        </Suspense>
      ) : null}
    </>
  );
};
