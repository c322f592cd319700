import { useState, type SubmitEvent } from 'react';
import { firstPasswordProblem } from '@portal/domain/passwords';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { AccountUsername } from './account-username';
import { PasswordChecklist } from './password-checklist';

type TField = 'current' | 'next' | 'confirm';
type TErrors = Partial<Record<TField, string>>;
export type TChangePasswordValues = { currentPassword: string; newPassword: string };

/** The words of the form: the labels of its three fields and the mismatch message. */
export type TChangePasswordTexts = {
  current: string;
  next: string;
  confirm: string;
  mismatch: string;
};

/** /change-password's words (core.md sections 4 and 5). */
export const CHANGE_PASSWORD_TEXTS: TChangePasswordTexts = {
  current: 'Current password',
  next: 'New password',
  confirm: 'Confirm new password',
  mismatch: 'Passwords do not match',
};

/** The change-password screen's messages, in the spec's order (core.md section 5). */
export const validateChangePassword = (
  values: Record<TField, string>,
  firstPassword: boolean,
  mismatch = CHANGE_PASSWORD_TEXTS.mismatch,
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
    errors.confirm = mismatch;
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
  /** The labels and mismatch message of the screen the form is on (My Profile has its own). */
  texts?: TChangePasswordTexts;
  /** Shows a Cancel button beside the submit button (My Profile's password section). */
  onCancel?: () => void;
};

/**
 * The one change-password form: /change-password's (also in first-password mode) and My
 * Profile's Password section, which hands in its own words and a Cancel (docs/decisions.md).
 */
export const ChangePasswordForm = ({
  firstPassword,
  phase,
  onSubmit,
  username,
  texts = CHANGE_PASSWORD_TEXTS,
  onCancel,
}: TProps) => {
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
    const found = validateChangePassword(values, firstPassword, texts.mismatch);
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
          label={texts.current}
          autoComplete="current-password"
          disabled={locked}
          value={values.current}
          onChange={edit('current')}
          error={errors.current}
        />
      )}
      <PasswordField
        id="new-password"
        label={texts.next}
        autoComplete="new-password"
        disabled={locked}
        value={values.next}
        onChange={edit('next')}
        error={errors.next}
      />
      <PasswordField
        id="confirm-new-password"
        label={texts.confirm}
        autoComplete="new-password"
        disabled={locked}
        value={values.confirm}
        onChange={edit('confirm')}
        error={errors.confirm}
      />
      <PasswordChecklist password={values.next} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="submit"
          variant="primary"
          disabled={locked}
          className={onCancel ? 'w-full sm:w-auto' : 'w-full'}
        >
          {phase === 'processing' ? 'Processing...' : phase === 'done' ? 'Password Updated' : label}
        </Button>
        {onCancel && (
          <Button disabled={locked} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
};
