import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { Button } from './button';

export type TConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** What the confirm button reads while the action runs. */
  busyLabel?: string;
  busy?: boolean;
  /** Red for what destroys something; the brand colour otherwise. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A question before something that cannot be undone, as an alert dialog: focus starts on
 * the safe choice (cancel), Escape and a click outside cancel, and focus goes back to what
 * was focused when it opened (the control that asked), if that is still on the page.
 */
export const ConfirmDialog = ({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  busy = false,
  tone = 'danger',
  onConfirm,
  onCancel,
}: TConfirmDialogProps) => {
  // Opened without a Radix trigger, so the dialog itself remembers where focus was.
  const opener = useRef<HTMLElement | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            cancel.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // After a delete the opener may be gone; the browser's default is right then.
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{message}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button ref={cancel} disabled={busy} onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button variant={tone} disabled={busy} onClick={onConfirm}>
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
