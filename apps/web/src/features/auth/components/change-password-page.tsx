import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { landingPathFor } from '@portal/domain/routes';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { authQueryKey, useCheckAuth } from '../api/check-auth';
import { useChangePassword } from '../api/change-password';
import { ChangePasswordForm, type TChangePasswordValues } from './change-password-form';

/** After a completed change the app waits this long before checking auth again (core.md section 4). */
export const RECHECK_AFTER_CHANGE_MS = 500;

const changeErrorMessage = (error: unknown) =>
  error instanceof ApiError ? (error.serverError ?? error.message) : 'An error occurred';

/** Shown inside the signed-in layout; the route guard has already sent strangers to /login. */
export const ChangePasswordPage = () => {
  const auth = useCheckAuth();
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // Fixed when the form opens: the recheck after success clears the flag mid-redirect.
  const [firstPassword] = useState(() => auth.data?.user?.password_reset_required ?? false);

  const user = auth.data?.user;
  if (!user) {
    return null;
  }
  const phase = change.isSuccess ? 'done' : change.isPending ? 'processing' : 'idle';

  const onSubmit = ({ currentPassword, newPassword }: TChangePasswordValues) => {
    change.mutate(
      firstPassword
        ? { new_password: newPassword }
        : { current_password: currentPassword, new_password: newPassword },
      {
        onSuccess: () => {
          timer.current = window.setTimeout(() => {
            void queryClient.invalidateQueries({ queryKey: authQueryKey }).finally(() => {
              // A hard redirect: the app starts clean with the new session state.
              window.location.assign(landingPathFor(user.role));
            });
          }, RECHECK_AFTER_CHANGE_MS);
        },
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">
        {firstPassword ? 'Set Your First Password' : 'Change Your Password'}
      </h1>
      {firstPassword && (
        <p className="mb-5 text-sm text-slate-600">
          Your account has a temporary password. Choose your own to continue.
        </p>
      )}
      {change.isSuccess && (
        <Alert tone="success">
          {`Password successfully ${firstPassword ? 'set' : 'updated'}. Redirecting to dashboard...`}
        </Alert>
      )}
      {change.isError && <Alert tone="error">{changeErrorMessage(change.error)}</Alert>}
      <ChangePasswordForm
        firstPassword={firstPassword}
        phase={phase}
        onSubmit={onSubmit}
        username={user.email}
      />
    </div>
  );
};
