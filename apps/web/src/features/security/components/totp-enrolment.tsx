import { useRef, useState, type SubmitEvent } from 'react';
import {
  MFA_LIMITS,
  type TRecoveryCodesResponse,
  type TTotpStartResponse,
} from '@portal/domain/mfa-api';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { TextField } from '../../../components/ui/text-field';
import { confirmTotpInputSchema, useConfirmTotp } from '../api/confirm-totp';
import { failureText, groupKey } from '../lib/display';
import { TotpQrCode } from './totp-qr-code';

export const ENROLMENT_TITLE_ID = 'security-enrol-title';
const DEFAULT_NAME = 'Authenticator app';

type TErrors = { name?: string | undefined; code?: string | undefined };

type TProps = {
  start: TTotpStartResponse;
  onEnrolled: (answer: TRecoveryCodesResponse) => void;
  onCancel: () => void;
};

/**
 * Adding an authenticator app: its QR code, the same key typed out, then a code from the
 * app to show it was set up right. The app counts only from that confirmation on.
 */
export const TotpEnrolment = ({ start, onEnrolled, onCancel }: TProps) => {
  const [name, setName] = useState(DEFAULT_NAME);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const nameField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const confirm = useConfirmTotp();
  const busy = confirm.isPending || confirm.isSuccess;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = confirmTotpInputSchema.safeParse({ code, name });
    if (!parsed.success) {
      const first = (field: keyof TErrors) =>
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      const found = { name: first('name'), code: first('code') };
      setErrors(found);
      (found.name ? nameField : codeField).current?.focus();
      return;
    }
    setErrors({});
    confirm.mutate(parsed.data, {
      onSuccess: onEnrolled,
      onError: (error) => {
        setErrors({ code: failureText(error, 'The app could not be added. Try again.') });
        codeField.current?.focus();
        codeField.current?.select();
      },
    });
  };

  return (
    <section aria-labelledby={ENROLMENT_TITLE_ID} className="space-y-4">
      <h3
        id={ENROLMENT_TITLE_ID}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        Add an authenticator app
      </h3>
      <ol className="list-decimal space-y-5 pl-5 text-sm text-slate-700 marker:font-semibold">
        <li className="space-y-3">
          <p>
            Scan this QR code with an authenticator app on your phone, such as Google Authenticator,
            Microsoft Authenticator or 1Password.
          </p>
          <TotpQrCode uri={start.otpauth_uri} />
        </li>
        <li className="space-y-2">
          <p id="security-key-label">Cannot scan it? Type this key into the app instead:</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-testid="totp-secret"
              aria-labelledby="security-key-label"
              className="rounded-md bg-slate-100 px-2 py-1 font-mono text-base tracking-wider text-slate-900"
            >
              {groupKey(start.secret)}
            </code>
            <CopyButton
              text={start.secret}
              what="key"
              failedText="Could not copy: select the key and copy it."
            />
          </div>
        </li>
        <li>
          <p className="mb-3">Then enter the code the app shows for this account.</p>
          <form className="space-y-4" noValidate onSubmit={onSubmit}>
            <TextField
              ref={nameField}
              id="security-app-name"
              label="Name"
              hint="To tell this app from others you add later."
              maxLength={MFA_LIMITS.factorName}
              value={name}
              error={errors.name}
              onChange={(event) => setName(event.target.value)}
            />
            <TextField
              ref={codeField}
              id="security-app-code"
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={7}
              className="max-w-40"
              readOnly={busy}
              value={code}
              error={errors.code}
              onChange={(event) => setCode(event.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="primary" disabled={busy}>
                {busy ? 'Confirming...' : 'Confirm'}
              </Button>
              <Button disabled={busy} onClick={onCancel}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
};
