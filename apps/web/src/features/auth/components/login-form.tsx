import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import type { TLoginResponse } from '@portal/domain/auth-api';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { useLogin } from '../api/login';
import { loginErrorMessage } from '../lib/login-messages';

export const LoginForm = ({ onSignedIn }: { onSignedIn: (result: TLoginResponse) => void }) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const loginMutation = useLogin();
  const submitting = loginMutation.isPending || loginMutation.isSuccess;
  const errorRef = useRef<HTMLDivElement>(null);
  const { error } = loginMutation;

  // The button that had focus was disabled while signing in, which dropped the focus; the
  // message takes it, so screen readers and keyboard users land on what went wrong.
  useEffect(() => {
    if (error) {
      errorRef.current?.focus();
    }
  }, [error]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    loginMutation.mutate(
      { email, password, remember_me: rememberMe },
      { onSuccess: (result) => onSignedIn(result) },
    );
  };

  return (
    <form className="space-y-5" onSubmit={onSubmit}>
      {error && (
        <Alert tone="error" ref={errorRef}>
          {loginErrorMessage(error)}
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
    </form>
  );
};
