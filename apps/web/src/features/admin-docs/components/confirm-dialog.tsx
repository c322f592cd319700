import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { dangerButtonClass, secondaryButtonClass } from '../lib/display';

type TProps = {
  open: boolean;
  message: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A confirmation as an alert dialog: focus moves to Cancel (the safe choice), Escape and
 * a click outside cancel, and focus returns to the button that opened it.
 */
export const ConfirmDialog = ({
  open,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: TProps) => {
  // Opened without a Radix trigger, so the dialog itself remembers where focus was.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          aria-describedby="confirm-message"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            document.getElementById('confirm-cancel')?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // After a delete the opener is gone; the browser's default (the body) is right then.
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-bold text-slate-900">
            Delete documentation
          </Dialog.Title>
          <Dialog.Description id="confirm-message" className="mt-2 text-sm text-slate-700">
            {message}
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <button
              id="confirm-cancel"
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={onCancel}
            >
              Cancel
            </button>
            <button type="button" className={dangerButtonClass} disabled={busy} onClick={onConfirm}>
              {busy ? 'Deleting...' : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
