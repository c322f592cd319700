import { useState, type SubmitEvent } from 'react';
import { PASSWORD_RULES } from '@portal/domain/passwords';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { Alert } from '../../../components/ui/alert';
import { PasswordField } from '../../../components/ui/password-field';
import { primaryButtonClass } from '../../../components/ui/styles';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { failureText } from '../lib/profile-rules';
import { ProfileSection, secondaryButtonClass } from './profile-section';

export type TPasswordChange = { current_password: string; new_password: string };

const EMPTY = { current: '', next: '', confirm: '' };

/**
 * Change Password opens the three fields; success or Cancel closes and clears them
 * (staff-tools.md section 4). The password rules are the server's, through the existing
 * change-password call the app hands in.
 */
export const PasswordSection = ({
  onChangePassword,
}: {
  onChangePassword: (input: TPasswordChange) => Promise<unknown>;
}) => {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const { notice, show, clear } = useTimedNotice({ keepErrors: true });

  const close = () => {
    setValues(EMPTY);
    setOpen(false);
  };
  const edit = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    if (!values.current || !values.next || !values.confirm) {
      show({ tone: 'error', text: 'Please fill in all password fields' });
      return;
    }
    if (values.next !== values.confirm) {
      show({ tone: 'error', text: PROFILE_MESSAGES.passwordsDiffer });
      return;
    }
    setBusy(true);
    try {
      await onChangePassword({ current_password: values.current, new_password: values.next });
      close();
      show({ tone: 'success', text: PROFILE_MESSAGES.passwordUpdated });
    } catch (error) {
      show({ tone: 'error', text: failureText(PROFILE_MESSAGES.passwordFailed, error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ProfileSection id="password" title="Password">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {open ? (
        <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <PasswordField
            id="profile-password-current"
            label="Current Password"
            autoComplete="current-password"
            required
            disabled={busy}
            value={values.current}
            onChange={edit('current')}
          />
          <PasswordField
            id="profile-password-new"
            label="New Password"
            autoComplete="new-password"
            required
            disabled={busy}
            value={values.next}
            onChange={edit('next')}
          />
          <PasswordField
            id="profile-password-confirm"
            label="Confirm New Password"
            autoComplete="new-password"
            required
            disabled={busy}
            value={values.confirm}
            onChange={edit('confirm')}
          />
          <p className="text-xs text-slate-600">
            Your new password needs:{' '}
            {PASSWORD_RULES.map((rule) => rule.label.toLowerCase()).join(', ')}.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" disabled={busy} className={`${primaryButtonClass} sm:w-auto`}>
              {busy ? 'Updating...' : 'Update Password'}
            </button>
            <button
              type="button"
              disabled={busy}
              className={secondaryButtonClass}
              onClick={() => {
                clear();
                close();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className={secondaryButtonClass}
          aria-expanded={false}
          onClick={() => {
            clear();
            setOpen(true);
          }}
        >
          Change Password
        </button>
      )}
    </ProfileSection>
  );
};
