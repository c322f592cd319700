import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import type { TLoginResponse } from '@portal/domain/auth-api';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { linkClass, primaryButtonClass } from '../../../components/ui/styles';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';

/** The spec's login messages: the server's 401 text or its fallback, else a general one. */
export const loginErrorMessage = (error: unknown): string => {
  if (!(error instanceof ApiError)) {
    return 'An error occurred during login';
  }
  if (error.status === 401) {
    return error.serverError ?? AUTH_MESSAGES.invalidCredentials;
  }
  return error.message || 'Login failed';
};

export const LoginForm = ({ onSignedIn }: { onSignedIn: (result: TLoginResponse) => void }) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const loginMutation = useLogin();
  const submitting = loginMutation.isPending || loginMutation.isSuccess;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    loginMutation.mutate(
      { email, password, remember_me: rememberMe },
      { onSuccess: (result) => onSignedIn(result) },
    );
  };

  return (
    <form className="space-y-5" onSubmit={onSubmit}>
      {loginMutation.isError && (
        <Alert tone="error">{loginErrorMessage(loginMutation.error)}</Alert>
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
        <Link to="/forgot-password" className={`text-sm ${linkClass}`}>
          Forgot password?
        </Link>
      </div>
      <button type="submit" disabled={submitting} className={primaryButtonClass}>
        {submitting ? 'Signing In...' : 'Sign in'}
      </button>
    </form>
  );
};
