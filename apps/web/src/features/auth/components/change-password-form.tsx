import { useState, type SubmitEvent } from 'react';
import { firstPasswordProblem } from '@portal/domain/passwords';
import { PasswordField } from '../../../components/ui/password-field';
import { primaryButtonClass } from '../../../components/ui/styles';
import { AccountUsername } from './account-username';
import { PasswordChecklist } from './password-checklist';

type TField = 'current' | 'next' | 'confirm';
type TErrors = Partial<Record<TField, string>>;
export type TChangePasswordValues = { currentPassword: string; newPassword: string };

/** The change-password screen's messages, in the spec's order (core.md section 5). */
export const validateChangePassword = (
  values: Record<TField, string>,
  firstPassword: boolean,
): TErrors => {
  const errors: TErrors = {};
  if (!firstPassword && !values.current) {
    errors.current = 'Current password is required';
  }
  if (!values.next) {
    errors.next = 'New password is required';
  } else {
    const problem = firstPasswordProblem(values.next);
    if (problem) {
      errors.next = problem;
    }
  }
  if (values.next && values.confirm !== values.next) {
    errors.confirm = 'Passwords do not match';
  }
  return errors;
};

type TProps = {
  firstPassword: boolean;
  /** 'idle' | 'processing' | 'done': submission is blocked while processing and after success. */
  phase: 'idle' | 'processing' | 'done';
  onSubmit: (values: TChangePasswordValues) => void;
  /** The signed-in account, for password managers. */
  username?: string | undefined;
};

export const ChangePasswordForm = ({ firstPassword, phase, onSubmit, username }: TProps) => {
  const [values, setValues] = useState<Record<TField, string>>({
    current: '',
    next: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<TErrors>({});
  const locked = phase !== 'idle';

  // Editing a field clears its error.
  const edit = (field: TField) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked) {
      return;
    }
    const found = validateChangePassword(values, firstPassword);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      return;
    }
    onSubmit({ currentPassword: values.current, newPassword: values.next });
  };

  const label = firstPassword ? 'Set Password & Continue' : 'Update Password';
  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <AccountUsername username={username} />
      {!firstPassword && (
        <PasswordField
          id="current-password"
          label="Current password"
          autoComplete="current-password"
          disabled={locked}
          value={values.current}
          onChange={edit('current')}
          error={errors.current}
        />
      )}
      <PasswordField
        id="new-password"
        label="New password"
        autoComplete="new-password"
        disabled={locked}
        value={values.next}
        onChange={edit('next')}
        error={errors.next}
      />
      <PasswordField
        id="confirm-new-password"
        label="Confirm new password"
        autoComplete="new-password"
        disabled={locked}
        value={values.confirm}
        onChange={edit('confirm')}
        error={errors.confirm}
      />
      <PasswordChecklist password={values.next} />
      <button type="submit" disabled={locked} className={primaryButtonClass}>
        {phase === 'processing' ? 'Processing...' : phase === 'done' ? 'Password Updated' : label}
      </button>
    </form>
  );
};
