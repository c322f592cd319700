import { Navigate } from 'react-router';
import { SECURITY_SETUP_PATH, landingPathFor } from '@portal/domain/routes';
import { Spinner } from '../components/ui/spinner';
import { useCheckAuth } from '../features/auth/api/check-auth';

/** '/' and unknown paths: wait for the session, then send everyone where they belong. */
export const RootRedirect = () => {
  const auth = useCheckAuth();
  if (auth.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading..." />
      </div>
    );
  }
  const user = auth.data?.authenticated ? auth.data.user : null;
  if (!user) {
    return <Navigate to="/login" replace />;
  }
  if (user.password_reset_required) {
    return <Navigate to="/change-password" replace />;
  }
  if (user.mfa_enrolment_required) {
    return <Navigate to={SECURITY_SETUP_PATH} replace />;
  }
  return <Navigate to={landingPathFor(user.role)} replace />;
};
