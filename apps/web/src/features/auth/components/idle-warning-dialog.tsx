import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../../../components/ui/button';
import { formatCountdown } from '../lib/idle-rules';

export const IDLE_WARNING_TITLE = 'Your session is about to expire';

type TProps = {
  remainingMs: number;
  onStaySignedIn: () => void;
  onSignOut: () => void;
};

const keepOpen = (event: Event) => event.preventDefault();

/**
 * The idle warning: an alert dialog that takes the focus (onto 'Stay signed in', the first
 * button) and closes only through its buttons, so a stray key or click cannot decide for an
 * absent user. The countdown is not a live region: read once on opening, not every second.
 */
export const IdleWarningDialog = ({ remainingMs, onStaySignedIn, onSignOut }: TProps) => (
  <Dialog.Root open>
    <Dialog.Portal>
      {/* Blurred: once the warning shows, the patient data behind it can no longer be read. */}
      <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/70 backdrop-blur-md" />
      <Dialog.Content
        role="alertdialog"
        onEscapeKeyDown={keepOpen}
        onPointerDownOutside={keepOpen}
        onInteractOutside={keepOpen}
        className="fixed top-1/2 left-1/2 z-[70] flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
      >
        <Dialog.Title className="text-xl font-bold text-slate-900">
          {IDLE_WARNING_TITLE}
        </Dialog.Title>
        <Dialog.Description className="text-slate-700">
          For your security you will be signed out in{' '}
          <span className="font-semibold tabular-nums">{formatCountdown(remainingMs)}</span> because
          there has been no activity.
        </Dialog.Description>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="primary" className="w-full sm:flex-1" onClick={onStaySignedIn}>
            Stay signed in
          </Button>
          <Button className="w-full sm:flex-1" onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
);
