import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import type { TLoginResponse } from '@portal/domain/auth-api';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import type { TMfaChallengeResponse } from '@portal/domain/mfa-api';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { browserHasPasskeys } from '../../../lib/passkey-support';
import { useLogin } from '../api/login';
import { isMfaChallenge, loginErrorMessage } from '../lib/login-messages';
import { PasskeySignInButton } from './passkey-sign-in-button';

/** What the user entered on the password step, kept while they take the second one. */
export type TLoginEntry = { email: string; rememberMe: boolean };

type TProps = {
  onSignedIn: (result: TLoginResponse) => void;
  /** The password was right and the account asks for a second factor (issue 35). */
  onChallenge: (challenge: TMfaChallengeResponse, entered: TLoginEntry) => void;
  /** Back from the second step: what was entered before, so only the password is typed again. */
  entered?: TLoginEntry | undefined;
  /** Why the user is back from the second step (it timed out), shown as the form's error. */
  notice?: string | undefined;
};

export const LoginForm = ({ onSignedIn, onChallenge, entered, notice }: TProps) => {
  const [email, setEmail] = useState(entered?.email ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(entered?.rememberMe ?? false);
  const loginMutation = useLogin();
  const submitting = loginMutation.isPending || loginMutation.isSuccess;
  const errorRef = useRef<HTMLDivElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const { error } = loginMutation;
  const message = error ? loginErrorMessage(error) : loginMutation.isIdle ? notice : undefined;

  // The button that had focus was disabled while signing in, which dropped the focus; the
  // message takes it, so screen readers and keyboard users land on what went wrong.
  useEffect(() => {
    if (error) {
      errorRef.current?.focus();
    }
  }, [error]);

  // Back from the second step: the reason it ended, else the one field left to fill.
  useEffect(() => {
    if (notice) {
      errorRef.current?.focus();
    } else if (entered) {
      passwordRef.current?.focus();
    }
  }, [notice, entered]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    loginMutation.mutate(
      { email, password, remember_me: rememberMe },
      {
        onSuccess: (answer) =>
          isMfaChallenge(answer) ? onChallenge(answer, { email, rememberMe }) : onSignedIn(answer),
      },
    );
  };

  return (
    <form className="space-y-5" onSubmit={onSubmit}>
      {message && (
        <Alert tone="error" ref={errorRef}>
          {message}
          {message === AUTH_MESSAGES.temporaryPasswordExpired && (
            <>
              {' '}
              <Link to="/forgot-password" className="font-medium underline">
                Get a new link by email
              </Link>
            </>
          )}
        </Alert>
      )}
      <TextField
        id="login-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        disabled={submitting}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        ref={passwordRef}
        id="login-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        disabled={submitting}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex items-center justify-between">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="remember_me"
            checked={rememberMe}
            disabled={submitting}
            onChange={(event) => setRememberMe(event.target.checked)}
            className="size-4 rounded border-slate-300 text-brand-600"
          />
          Remember me
        </label>
        <Button asChild variant="link" className="text-sm font-medium">
          <Link to="/forgot-password">Forgot password?</Link>
        </Button>
      </div>
      <Button type="submit" variant="primary" disabled={submitting} className="w-full">
        {submitting ? 'Signing In...' : 'Sign in'}
      </Button>
      {browserHasPasskeys() && (
        <>
          <p className="text-center text-sm text-slate-600" aria-hidden="true">
            or
          </p>
          <PasskeySignInButton
            label="Sign in with a passkey"
            rememberMe={rememberMe}
            disabled={submitting}
            onSignedIn={onSignedIn}
          />
        </>
      )}
    </form>
  );
};
