import { useState, type SubmitEvent } from 'react';
import { PASSWORD_RULES } from '@portal/domain/passwords';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { AccountUsername } from './account-username';
import { PasswordChecklist } from './password-checklist';

type TProps = {
  /** Called with the new password once both fields agree and every rule is met. */
  onSubmit: (password: string) => void;
  pending: boolean;
  /** What the server said went wrong, if it did. */
  serverError?: string | undefined;
  /** The account the password is for, when known, for password managers. */
  username?: string | undefined;
  submitLabel: string;
  pendingLabel: string;
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
};

/**
 * New password twice, a live checklist, and submit only once every rule is met: the form of
 * every way of choosing a password by a link (reset, invitation).
 */
export const NewPasswordForm = ({
  onSubmit,
  pending,
  serverError,
  username,
  submitLabel,
  pendingLabel,
  idPrefix,
}: TProps) => {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const allRulesMet = PASSWORD_RULES.every((rule) => rule.test(password));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
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
    onSubmit(password);
  };

  const error = problem ?? serverError;
  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <AccountUsername username={username} />
      <PasswordField
        id={`${idPrefix}-new-password`}
        label="New password"
        autoComplete="new-password"
        required
        disabled={pending}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label="Confirm password"
        autoComplete="new-password"
        required
        disabled={pending}
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
      />
      <PasswordChecklist password={password} />
      <Button type="submit" variant="primary" disabled={!allRulesMet || pending} className="w-full">
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
};
