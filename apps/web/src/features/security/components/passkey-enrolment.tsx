import { useRef, useState, type SubmitEvent } from 'react';
import { MFA_LIMITS, MFA_MESSAGES, type TPasskeyRegisterResponse } from '@portal/domain/mfa-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { PASSKEY_PROMPT_ERROR } from '../../../lib/passkey-support';
import { useAddPasskey } from '../api/add-passkey';
import { failureText } from '../lib/display';

export const PASSKEY_TITLE_ID = 'security-passkey-title';
const DEFAULT_NAME = 'Passkey';

type TProps = {
  onAdded: (answer: TPasskeyRegisterResponse) => void;
  onCancel: () => void;
};

/**
 * Adding a passkey: a name, whether it may sign in without the password, then the browser's
 * own prompt (the device's screen lock, a fingerprint, or a security key). Nothing is added
 * until the prompt gives a passkey and the server has checked it.
 */
export const PasskeyEnrolment = ({ onAdded, onCancel }: TProps) => {
  const [name, setName] = useState(DEFAULT_NAME);
  const [passwordless, setPasswordless] = useState(true);
  const [nameError, setNameError] = useState<string>();
  const nameField = useRef<HTMLInputElement>(null);
  const add = useAddPasskey();
  const busy = add.isPending || add.isSuccess;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Enter a name');
      nameField.current?.focus();
      return;
    }
    setNameError(undefined);
    add.mutate({ name: trimmed, passwordless }, { onSuccess: onAdded });
  };

  return (
    <section aria-labelledby={PASSKEY_TITLE_ID} className="space-y-4">
      <h3
        id={PASSKEY_TITLE_ID}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        Add a passkey
      </h3>
      <p className="text-sm text-slate-700">
        A passkey signs you in with this device&apos;s screen lock, a fingerprint or a security key.
        Your browser will ask you to create it.
      </p>
      {add.error && (
        <Alert tone="error">
          {add.error.name === PASSKEY_PROMPT_ERROR
            ? add.error.message
            : failureText(add.error, MFA_MESSAGES.passkeyNotAdded)}
        </Alert>
      )}
      <form className="space-y-4" noValidate onSubmit={onSubmit}>
        <TextField
          ref={nameField}
          id="security-passkey-name"
          label="Name"
          hint="To tell this passkey from others, such as 'Work laptop'."
          maxLength={MFA_LIMITS.factorName}
          readOnly={busy}
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <Checkbox
          id="security-passkey-alone"
          label="Also sign in with this passkey alone, without my password"
          description="The device checks it is you (screen lock or fingerprint) each time."
          checked={passwordless}
          disabled={busy}
          onCheckedChange={(value) => setPasswordless(value === true)}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Waiting for your passkey...' : 'Create passkey'}
          </Button>
          <Button disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
};
