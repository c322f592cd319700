import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { cn } from '../../lib/cn';
import { buttonVariants } from './button';
import type { TModalProps, TModalSize } from './modal';

const widths: Record<TModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

/**
 * The dialog behind `Modal`, in the overlays chunk with the rest of Radix. It has no Radix
 * trigger (screens open it from their own state), so Radix would leave focus on the page's
 * body when it closes: focus goes back to whatever had it when the dialog opened.
 */
export const ModalDialog = ({
  open,
  onOpenChange,
  title,
  size = 'lg',
  initialFocus,
  children,
}: TModalProps) => {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          data-size={size}
          onOpenAutoFocus={(event) => {
            const active = document.activeElement;
            opener.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
            if (initialFocus?.current) {
              event.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className={cn(
                buttonVariants({ variant: 'ghost', size: 'icon' }),
                '-m-2 [&_svg]:size-5',
              )}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor">
                <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
              </svg>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
