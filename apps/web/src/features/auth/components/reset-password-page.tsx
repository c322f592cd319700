import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/auth-card';
import { Spinner } from '../../../components/ui/spinner';
import { useCheckAuth } from '../api/check-auth';
import { useVerifyResetToken } from '../api/verify-reset-token';
import { ResetPasswordForm } from './reset-password-form';

/** After a successful reset the page moves to /login after 3 s (core.md section 9). */
export const RESET_REDIRECT_MS = 3000;
export const RESET_DONE_MESSAGE = 'Password reset successful. Please login with your new password.';

const InvalidLink = ({ reason }: { reason: string }) => (
  <AuthCard title="Invalid Reset Link">
    <p className="mb-2 text-slate-700">{reason}</p>
    <p className="mb-6 text-sm text-slate-600">
      Reset links expire after 1 hour and work only once.
    </p>
    <Button asChild variant="primary" className="w-full">
      <Link to="/forgot-password">Request New Reset Link</Link>
    </Button>
  </AuthCard>
);

export const ResetPasswordPage = () => {
  const [params] = useSearchParams();
  const token = params.get('token');
  const auth = useCheckAuth();
  const verification = useVerifyResetToken(token);
  const [done, setDone] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) {
      return undefined;
    }
    const timer = window.setTimeout(
      () => void navigate('/login', { replace: true, state: { message: RESET_DONE_MESSAGE } }),
      RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (!token) {
    return <InvalidLink reason="No reset token provided" />;
  }
  if (done) {
    return (
      <AuthCard title="Password Reset Successful!">
        <p role="status" className="text-slate-700">
          Redirecting to login page...
        </p>
        <p className="mt-4 text-sm">
          <Button asChild variant="link" className="font-medium">
            <Link to="/login">Go to login now</Link>
          </Button>
        </p>
      </AuthCard>
    );
  }
  if (auth.isPending || verification.isPending) {
    return (
      <AuthCard title="Reset Password">
        <Spinner label={auth.isPending ? 'Initializing...' : 'Verifying reset token...'} />
      </AuthCard>
    );
  }
  if (verification.isError) {
    return <InvalidLink reason="Error verifying reset token" />;
  }
  if (!verification.data.valid) {
    return <InvalidLink reason="This password reset link is invalid or has expired." />;
  }
  return (
    <AuthCard title="Reset Password">
      {verification.data.email && (
        <p className="mb-5 text-sm text-slate-600">
          Choose a new password for <strong>{verification.data.email}</strong>.
        </p>
      )}
      <ResetPasswordForm
        token={token}
        onDone={() => setDone(true)}
        username={verification.data.email}
      />
    </AuthCard>
  );
};
