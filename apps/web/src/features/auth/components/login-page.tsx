import { useEffect, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/ui/auth-card';
import { Spinner } from '../../../components/ui/spinner';

/** The spec shows the sign-in form after about 800 ms (core.md section 9). */
export const LOGIN_FORM_DELAY_MS = 800;

const inputClass =
  'block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100';

export const LoginPage = () => {
  const [ready, setReady] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), LOGIN_FORM_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
  };

  return (
    <AuthCard title="Sign in">
      {!ready ? (
        <Spinner label="Loading..." />
      ) : (
        <form className="space-y-5" onSubmit={onSubmit} noValidate={false}>
          <div>
            <label htmlFor="login-email" className="mb-1 block text-sm font-medium text-slate-700">
              Email
            </label>
            <input
              id="login-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label
              htmlFor="login-password"
              className="mb-1 block text-sm font-medium text-slate-700"
            >
              Password
            </label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              className={inputClass}
            />
          </div>
          <div className="flex items-center justify-between">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name="remember_me"
                checked={rememberMe}
                onChange={(event) => setRememberMe(event.target.checked)}
                className="size-4 rounded border-slate-300 text-brand-600"
              />
              Remember me
            </label>
            <Link
              to="/forgot-password"
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Forgot password?
            </Link>
          </div>
          <button
            type="submit"
            className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            Sign in
          </button>
        </form>
      )}
    </AuthCard>
  );
};
