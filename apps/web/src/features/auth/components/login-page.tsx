import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { TLoginResponse } from '@portal/domain/auth-api';
import { landingPathFor } from '@portal/domain/routes';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Spinner } from '../../../components/ui/spinner';
import { useCheckAuth } from '../api/check-auth';
import { returnPathFor } from '../lib/return-path';
import { LoginForm } from './login-form';

/** The spec shows the sign-in form after about 800 ms (core.md section 9). */
export const LOGIN_FORM_DELAY_MS = 800;
/** After a successful sign-in the app moves on after 100 ms. */
export const POST_LOGIN_NAVIGATE_MS = 100;

/**
 * What another screen hands to the login page: a message (after a reset or an expired
 * session), or the signed-in address the visitor was sent here from, to go back to.
 */
export type TLoginLocationState = { message?: string; from?: string } | null;

export const LoginPage = () => {
  const [ready, setReady] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useCheckAuth();
  const navigateTimer = useRef<number | undefined>(undefined);
  const { message, from } = (location.state as TLoginLocationState) ?? {};

  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), LOGIN_FORM_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(navigateTimer.current);
    };
  }, []);

  const onSignedIn = ({ user }: TLoginResponse) => {
    setSignedIn(true);
    const target = user.password_reset_required
      ? '/change-password'
      : (returnPathFor(user.role, from) ?? landingPathFor(user.role));
    navigateTimer.current = window.setTimeout(
      () => void navigate(target, { replace: true }),
      POST_LOGIN_NAVIGATE_MS,
    );
  };

  // Someone already signed in has no business here; a fresh sign-in navigates on its own.
  if (!signedIn && auth.data?.authenticated) {
    return <Navigate to="/dashboard" replace />;
  }

  return (
    <AuthCard title="Sign in">
      {message && <Alert tone="info">{message}</Alert>}
      {!ready ? <Spinner label="Loading..." /> : <LoginForm onSignedIn={onSignedIn} />}
    </AuthCard>
  );
};
