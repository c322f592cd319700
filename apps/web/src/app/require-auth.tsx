import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { SECURITY_SETUP_PATH } from '@portal/domain/routes';
import { Spinner } from '../components/ui/spinner';
import { useCheckAuth } from '../features/auth/api/check-auth';
import type { TLoginLocationState } from '../features/auth/components/login-page';
import {
  CHANGE_PASSWORD_PATH,
  mustRedirectToChangePassword,
  noteAutomaticRedirect,
  redirectLoopDetected,
  resetCompletedThisLoad,
} from './password-reset-redirect';

/** An automatic redirect to /change-password, counted for the loop rule. */
const RedirectToChangePassword = () => {
  const navigate = useNavigate();
  useEffect(() => {
    noteAutomaticRedirect();
    void navigate(CHANGE_PASSWORD_PATH, { replace: true });
  }, [navigate]);
  return null;
};

/**
 * The signed-in area's guard: a session, then the forced password change, then an owed
 * second factor. Role checks per screen come after it (RoleGate), inside the shared layout.
 */
export const RequireAuth = () => {
  const auth = useCheckAuth();
  const location = useLocation();
  // The signed-in frame and its screen are the start's largest render. When the session
  // check answers, the spinner stays one more render while React draws them in the
  // background, in slices that leave the page responsive, instead of in one long task.
  const drawingFrame = useDeferredValue(auth.isPending, true);

  if (auth.isPending || (drawingFrame && auth.isSuccess && auth.data.authenticated)) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Verifying your session..." />
      </div>
    );
  }
  if (auth.isError) {
    return (
      <main className="flex min-h-screen items-center justify-center px-4">
        <div
          role="alert"
          className="max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
        >
          <h1 className="mb-2 text-2xl font-bold text-slate-900">Authentication Error</h1>
          <p className="mb-6 text-slate-700">{auth.error.message}</p>
          <Button variant="primary" onClick={() => void auth.refetch()}>
            Retry
          </Button>
        </div>
      </main>
    );
  }
  if (!auth.data.authenticated) {
    // The sign-in comes back here, query and all (a notification mail's ?open=<id>).
    const state: TLoginLocationState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (
    mustRedirectToChangePassword({
      passwordResetRequired: auth.data.user.password_reset_required,
      pathname: location.pathname,
      resetJustCompleted: resetCompletedThisLoad(),
    })
  ) {
    // After a loop redirects stop; the layout then shows the way to /change-password in
    // place of the screen (app-layout.tsx), so the screen is still never drawn.
    return redirectLoopDetected() ? <Outlet /> : <RedirectToChangePassword key={location.key} />;
  }
  // A second factor owed (issue 35) comes after the password: nothing else opens before it.
  if (
    auth.data.user.mfa_enrolment_required &&
    location.pathname !== SECURITY_SETUP_PATH &&
    location.pathname !== CHANGE_PASSWORD_PATH
  ) {
    return <Navigate to={SECURITY_SETUP_PATH} replace />;
  }
  return <Outlet />;
};
