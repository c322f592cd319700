import { useState, type SubmitEvent } from 'react';
import { PASSWORD_RULES } from '@portal/domain/passwords';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { ApiError } from '../../../lib/api-client';
import { useResetPasswordWithToken } from '../api/reset-password-with-token';
import { AccountUsername } from './account-username';
import { PasswordChecklist } from './password-checklist';

const resetErrorMessage = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverError ?? (error.message || 'Failed to reset password'))
    : 'An error occurred resetting your password';

/** New password twice, a live checklist, and submit only once every rule is met. */
type TProps = {
  token: string;
  onDone: () => void;
  /** The account the link belongs to, when the server named it, for password managers. */
  username?: string | undefined;
};

export const ResetPasswordForm = ({ token, onDone, username }: TProps) => {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const reset = useResetPasswordWithToken();
  const allRulesMet = PASSWORD_RULES.every((rule) => rule.test(password));

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password || !confirm) {
      setProblem('Please fill in all fields');
      return;
    }
    if (password !== confirm) {
      setProblem('Passwords do not match');
      return;
    }
    if (!allRulesMet) {
      setProblem('Password does not meet all requirements');
      return;
    }
    setProblem(undefined);
    reset.mutate({ token, new_password: password }, { onSuccess: onDone });
  };

  const error = problem ?? (reset.isError ? resetErrorMessage(reset.error) : undefined);
  return (
    <form className="space-y-5" onSubmit={onSubmit} noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <AccountUsername username={username} />
      <PasswordField
        id="reset-new-password"
        label="New password"
        autoComplete="new-password"
        required
        disabled={reset.isPending}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        id="reset-confirm-password"
        label="Confirm password"
        autoComplete="new-password"
        required
        disabled={reset.isPending}
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
      />
      <PasswordChecklist password={password} />
      <Button
        type="submit"
        variant="primary"
        disabled={!allRulesMet || reset.isPending}
        className="w-full"
      >
        {reset.isPending ? 'Resetting Password...' : 'Reset Password'}
      </Button>
    </form>
  );
};
