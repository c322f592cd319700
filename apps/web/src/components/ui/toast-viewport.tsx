import * as ToastPrimitive from '@radix-ui/react-toast';
import { useEffect, useSyncExternalStore } from 'react';
import { cn } from '../../lib/cn';
import { Button, buttonVariants } from './button';
import { modalOpen, releaseHeldToasts, type TToast, type TToastTone } from './toast';

const DEFAULT_DURATION_MS = 6_000;

const tones: Record<TToastTone, string> = {
  info: 'border-l-slate-300',
  success: 'border-l-green-600',
  error: 'border-l-red-600',
};

const watchModal = (onChange: () => void) => {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ['data-scroll-locked'] });
  return () => observer.disconnect();
};

/** Whether a modal dialog is open, following Radix's scroll lock on the body. */
const useModalOpen = () => useSyncExternalStore(watchModal, modalOpen, () => false);

type TToastViewportProps = {
  toasts: readonly TToast[];
  onDismiss: (id: number) => void;
};

/**
 * The toasts on Radix, bottom right (full width on a phone): each is read out once by a
 * polite live region (`type="background"`: it waits for the screen reader to finish, as
 * the news is about work that ran on its own), pauses while hovered or focused, closes
 * with Escape, its close button or a swipe, and F8 moves focus to them. A toast raised while
 * a dialog is open waits for it to close: drawn on top, it would take the dialog's Escape.
 */
export const ToastViewport = ({ toasts, onDismiss }: TToastViewportProps) => {
  const dialogOpen = useModalOpen();
  useEffect(() => {
    if (!dialogOpen) {
      releaseHeldToasts();
    }
  }, [dialogOpen, toasts]);
  return <ToastList toasts={toasts.filter((item) => !item.held)} onDismiss={onDismiss} />;
};

const ToastList = ({ toasts, onDismiss }: TToastViewportProps) => (
  <ToastPrimitive.Provider
    duration={DEFAULT_DURATION_MS}
    swipeDirection="right"
    label="Notification"
  >
    {toasts.map((item) => (
      <ToastPrimitive.Root
        key={item.id}
        type="background"
        duration={item.duration}
        onOpenChange={(open) => {
          if (!open) {
            onDismiss(item.id);
          }
        }}
        className={cn(
          'flex items-start gap-3 rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-lg',
          'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
          tones[item.tone ?? 'info'],
        )}
      >
        <div className="min-w-0 flex-1">
          <ToastPrimitive.Title className="text-sm font-semibold text-slate-900">
            {item.title}
          </ToastPrimitive.Title>
          {item.description ? (
            <ToastPrimitive.Description className="mt-1 text-sm text-slate-700">
              {item.description}
            </ToastPrimitive.Description>
          ) : null}
          {item.action ? (
            <ToastPrimitive.Action altText={item.action.label} asChild>
              <Button size="sm" className="mt-2" onClick={item.action.onClick}>
                {item.action.label}
              </Button>
            </ToastPrimitive.Action>
          ) : null}
        </div>
        <ToastPrimitive.Close
          aria-label="Dismiss notification"
          className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-m-1 size-8 px-0')}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor">
            <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
          </svg>
        </ToastPrimitive.Close>
      </ToastPrimitive.Root>
    ))}
    <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-50 flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
  </ToastPrimitive.Provider>
);
