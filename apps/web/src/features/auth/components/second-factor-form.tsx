import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { TLoginResponse } from '@portal/domain/auth-api';
import {
  MFA_MESSAGES,
  ZRecoveryCode,
  ZTotpCode,
  type TMfaChallengeResponse,
  type TSecondFactor,
} from '@portal/domain/mfa-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useLoginSecondFactor } from '../api/login-second-factor';
import { loginErrorMessage } from '../lib/login-messages';
import { PasskeySignInButton } from './passkey-sign-in-button';

/** Each way to take the second step: its field, its rule, and the button that picks it. */
const METHODS = {
  totp: {
    label: 'Authentication code',
    hint: MFA_MESSAGES.enterCode,
    rule: ZTotpCode,
    choose: 'Use your authenticator app',
    input: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 },
  },
  recovery_code: {
    label: 'Recovery code',
    hint: MFA_MESSAGES.enterRecoveryCode,
    rule: ZRecoveryCode,
    choose: 'Use a recovery code instead',
    input: { inputMode: 'text', autoComplete: 'off', autoCapitalize: 'none', maxLength: 20 },
  },
} as const;

const isExpired = (error: unknown) =>
  error instanceof ApiError && error.serverError === MFA_MESSAGES.challengeExpired;

type TProps = {
  challenge: TMfaChallengeResponse;
  /** What a password sign-in does on success: the same navigation. */
  onSignedIn: (result: TLoginResponse) => void;
  /** Back to the password form: the user's choice, or a challenge that ended (with why). */
  onRestart: (message?: string) => void;
};

/**
 * The sign-in's second step (issue 35): a code from the authenticator app, or one of the
 * recovery codes. A code that breaks its rule is not sent (the challenge allows a few tries
 * only); a wrong one leaves the field selected to type over; an ended challenge goes back to
 * the password with the server's reason.
 */
export const SecondFactorForm = ({ challenge, onSignedIn, onRestart }: TProps) => {
  const hasApp = challenge.methods.includes('totp');
  const hasPasskey = challenge.methods.includes('passkey');
  // Without an app, the field is for a recovery code; the passkey's button comes first.
  const [method, setMethod] = useState<TSecondFactor>(hasApp ? 'totp' : 'recovery_code');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const mutation = useLoginSecondFactor();
  const submitting = mutation.isPending || mutation.isSuccess;
  const { error } = mutation;
  const field = METHODS[method];
  const other: TSecondFactor = method === 'totp' ? 'recovery_code' : 'totp';

  useEffect(() => {
    if (error && !isExpired(error)) {
      input.current?.focus();
      input.current?.select();
    }
  }, [error]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = field.rule.safeParse(code);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    mutation.mutate(
      { challenge: challenge.challenge, method, code: parsed.data },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          if (isExpired(failure)) {
            onRestart(MFA_MESSAGES.challengeExpired);
          }
        },
      },
    );
  };

  const switchMethod = () => {
    mutation.reset();
    setFieldError(undefined);
    setCode('');
    setMethod(other);
  };

  return (
    <form className="space-y-5" noValidate onSubmit={onSubmit}>
      {hasPasskey && (
        <>
          <PasskeySignInButton
            label="Use your passkey"
            variant={hasApp ? 'secondary' : 'primary'}
            challenge={challenge.challenge}
            disabled={submitting}
            onSignedIn={onSignedIn}
            onExpired={onRestart}
          />
          <p className="text-center text-sm text-slate-600" aria-hidden="true">
            or
          </p>
        </>
      )}
      {error && !isExpired(error) && <Alert tone="error">{loginErrorMessage(error)}</Alert>}
      <TextField
        // A new field for each method: it takes the focus as it appears.
        key={method}
        ref={input}
        id={`second-factor-${method}`}
        label={field.label}
        hint={field.hint}
        error={fieldError}
        name="code"
        // With a passkey and no app, the passkey's button is the first thing to reach.
        autoFocus={hasApp || !hasPasskey}
        spellCheck={false}
        readOnly={submitting}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        {...field.input}
      />
      <Button
        type="submit"
        variant={hasApp || !hasPasskey ? 'primary' : 'secondary'}
        disabled={submitting}
        className="w-full"
      >
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        {challenge.methods.includes(other) && (
          <Button variant="link" className="font-medium" onClick={switchMethod}>
            {METHODS[other].choose}
          </Button>
        )}
        <Button variant="link" className="font-medium" onClick={() => onRestart()}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
};
