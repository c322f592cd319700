import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { TLoginResponse } from '@portal/domain/auth-api';
import type { TMfaChallengeResponse } from '@portal/domain/mfa-api';
import { SECURITY_SETUP_PATH, landingPathFor } from '@portal/domain/routes';
import { Alert } from '../../../components/ui/alert';
import { AuthCard } from '../../../components/ui/auth-card';
import { Spinner } from '../../../components/ui/spinner';
import { lazyComponent } from '../../../lib/lazy-component';
import { useCheckAuth } from '../api/check-auth';
import { returnPathFor } from '../lib/return-path';
import { LoginForm, type TLoginEntry } from './login-form';

/**
 * The second step's code, and the schemas it checks codes with, load only when a password
 * sign-in asks for it: /login is in the entry, which loads no zod (decisions.md, issue 11).
 */
const SecondFactorForm = lazyComponent(
  () => import('./second-factor-form'),
  (module) => module.SecondFactorForm,
);

/** The spec shows the sign-in form after about 800 ms (core.md section 9). */
export const LOGIN_FORM_DELAY_MS = 800;
/** After a successful sign-in the app moves on after 100 ms. */
export const POST_LOGIN_NAVIGATE_MS = 100;

/**
 * What another screen hands to the login page: a message (after a reset or an expired
 * session), or the signed-in address the visitor was sent here from, to go back to.
 */
export type TLoginLocationState = { message?: string; from?: string } | null;

/**
 * Where the sign-in stands: the password form (back from a second step, with what was
 * entered and why it ended), or the second step a right password led to (issue 35).
 */
type TStep =
  | { kind: 'password'; entered?: TLoginEntry; notice?: string }
  | { kind: 'second-factor'; challenge: TMfaChallengeResponse; entered: TLoginEntry };

export const LoginPage = () => {
  const [ready, setReady] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const [step, setStep] = useState<TStep>({ kind: 'password' });
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
      : user.mfa_enrolment_required
        ? SECURITY_SETUP_PATH
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

  if (step.kind === 'second-factor') {
    return (
      <AuthCard title="Two-step verification">
        <Suspense fallback={<Spinner label="Loading..." />}>
          <SecondFactorForm
            challenge={step.challenge}
            onSignedIn={onSignedIn}
            onRestart={(notice) => setStep({ kind: 'password', entered: step.entered, notice })}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in">
      {message && !step.notice && <Alert tone="info">{message}</Alert>}
      {!ready ? (
        <Spinner label="Loading..." />
      ) : (
        <LoginForm
          onSignedIn={onSignedIn}
          onChallenge={(challenge, entered) =>
            setStep({ kind: 'second-factor', challenge, entered })
          }
          entered={step.entered}
          notice={step.notice}
        />
      )}
    </AuthCard>
  );
};
