import { useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PasswordField } from '../../../components/ui/password-field';
import { failureText } from '../lib/display';

export type TPasswordDialogTexts = {
  title: string;
  /** What happens when confirmed, said above the field. */
  text: string;
  confirmLabel: string;
  busyLabel: string;
  /** Red for what takes a sign-in method away. */
  tone: 'danger' | 'primary';
};

type TProps = TPasswordDialogTexts & {
  /** The change itself; a refusal (a wrong password) is shown under the field. */
  onConfirm: (password: string) => Promise<unknown>;
  onClose: () => void;
};

/**
 * A change to how the user signs in asks for the current password first: a session left
 * open on a shared computer must not be enough. The field takes the focus as it opens; the
 * dialog gives it back to the button that opened it.
 */
export const PasswordDialog = ({ onConfirm, onClose, ...texts }: TProps) => {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your current password');
      field.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm(password);
    } catch (failure) {
      setBusy(false);
      setError(failureText(failure, 'That did not work. Try again.'));
      field.current?.focus();
    }
  };

  return (
    <Modal
      open
      size="sm"
      title={texts.title}
      initialFocus={field}
      onOpenChange={(open) => !open && !busy && onClose()}
    >
      <form className="space-y-4" noValidate onSubmit={(event) => void submit(event)}>
        <p className="text-sm text-slate-700">{texts.text}</p>
        <PasswordField
          ref={field}
          id="security-current-password"
          label="Current password"
          autoComplete="current-password"
          readOnly={busy}
          value={password}
          error={error}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={texts.tone} disabled={busy}>
            {busy ? texts.busyLabel : texts.confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
};
