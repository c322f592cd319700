import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/auth-card';
import { Spinner } from '../../../components/ui/spinner';

export const SIGN_OUT_FAILED_TITLE = 'Sign-out did not finish';
export const SIGN_OUT_FAILED_MESSAGE =
  'You are still signed in on the server. Close the browser to finish signing out.';

type TProps = {
  /** 'failed': every attempt failed and the session still stands (features/auth/lib/end-session.ts). */
  status: 'pending' | 'failed';
  onTryAgain: () => void;
};

/**
 * In place of the signed-in screens from the moment sign-out starts, so nothing of the
 * session's data stays on screen. When the server could not end the session it says so, with
 * the focus on its heading, rather than showing the login page while the HttpOnly cookies
 * still sign this browser in.
 */
export const SignOutScreen = ({ status, onTryAgain }: TProps) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (status === 'failed') {
      heading.current?.focus();
    }
  }, [status]);

  if (status === 'pending') {
    return (
      <AuthCard title="Signing out">
        <Spinner label="Ending your session..." />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={SIGN_OUT_FAILED_TITLE} headingRef={heading}>
      <Alert tone="error">{SIGN_OUT_FAILED_MESSAGE}</Alert>
      <Button variant="primary" className="w-full" onClick={onTryAgain}>
        Try again
      </Button>
    </AuthCard>
  );
};
