import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { FIRST_ACCESS_MESSAGES } from '@portal/domain/first-access';
import { SECURITY_SETUP_PATH, landingPathFor } from '@portal/domain/routes';
import { AuthCard } from '../../../components/ui/auth-card';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useCheckAuth } from '../api/check-auth';
import { useVerifyInvitation } from '../api/verify-invitation';
import { NewPasswordForm } from './new-password-form';

/** An unusable link: why, and the way to a new one (the reset link does the same job). */
const InvalidInvitation = ({ reason }: { reason: string }) => (
  <AuthCard title="Invitation link not valid">
    <p className="mb-6 text-slate-700">{reason}</p>
    <Button asChild variant="primary" className="w-full">
      <Link to="/forgot-password">Get a new link by email</Link>
    </Button>
  </AuthCard>
);

const acceptError = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverError ?? 'Failed to set your password')
    : 'An error occurred setting your password';

/**
 * /accept-invitation?token=…: an invited user chooses their first password and is signed
 * in, then goes where a sign-in goes (their landing page, or /security-setup when their
 * role requires a second factor).
 */
export const AcceptInvitationPage = () => {
  const [params] = useSearchParams();
  const token = params.get('token');
  const auth = useCheckAuth();
  const verification = useVerifyInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();

  if (!token) {
    return <InvalidInvitation reason={FIRST_ACCESS_MESSAGES.invalidInvitation} />;
  }
  // Someone else signed in on this browser: the link is not theirs to use.
  if (!accept.isSuccess && auth.data?.authenticated) {
    return <Navigate to="/dashboard" replace />;
  }
  if (auth.isPending || verification.isPending) {
    return (
      <AuthCard title={FIRST_ACCESS_MESSAGES.welcome}>
        <Spinner label="Checking your invitation..." />
      </AuthCard>
    );
  }
  if (verification.isError) {
    return <InvalidInvitation reason="Your invitation could not be checked. Please try again." />;
  }
  if (!verification.data.valid) {
    return (
      <InvalidInvitation
        reason={verification.data.error ?? FIRST_ACCESS_MESSAGES.invalidInvitation}
      />
    );
  }
  return (
    <AuthCard title={FIRST_ACCESS_MESSAGES.welcome}>
      <p className="mb-5 text-sm text-slate-600">
        Choose a password for <strong>{verification.data.email ?? 'your account'}</strong> to finish
        setting up your account.
      </p>
      <NewPasswordForm
        idPrefix="invitation"
        username={verification.data.email}
        pending={accept.isPending || accept.isSuccess}
        serverError={accept.isError ? acceptError(accept.error) : undefined}
        submitLabel="Set password and sign in"
        pendingLabel="Signing In..."
        onSubmit={(password) =>
          accept.mutate(
            { token, new_password: password },
            {
              onSuccess: ({ user }) =>
                void navigate(
                  user.mfa_enrolment_required ? SECURITY_SETUP_PATH : landingPathFor(user.role),
                  { replace: true },
                ),
            },
          )
        }
      />
    </AuthCard>
  );
};
