import { ApiError } from '../../../lib/api-client';
import { useResetPasswordWithToken } from '../api/reset-password-with-token';
import { NewPasswordForm } from './new-password-form';

const resetErrorMessage = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverError ?? (error.message || 'Failed to reset password'))
    : 'An error occurred resetting your password';

type TProps = {
  token: string;
  onDone: () => void;
  /** The account the link belongs to, when the server named it, for password managers. */
  username?: string | undefined;
};

/** The reset link's form: a new password, sent with the link's token. */
export const ResetPasswordForm = ({ token, onDone, username }: TProps) => {
  const reset = useResetPasswordWithToken();
  return (
    <NewPasswordForm
      idPrefix="reset"
      username={username}
      pending={reset.isPending}
      serverError={reset.isError ? resetErrorMessage(reset.error) : undefined}
      submitLabel="Reset Password"
      pendingLabel="Resetting Password..."
      onSubmit={(password) =>
        reset.mutate({ token, new_password: password }, { onSuccess: onDone })
      }
    />
  );
};
