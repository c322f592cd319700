import { useState, type ReactNode } from 'react';
import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { failureText } from '../lib/profile-rules';
import { ProfileSection } from './profile-section';

export type TPasswordChange = { current_password: string; new_password: string };

/** My Profile's words for the password form (staff-tools.md sections 4 and 8). */
export const PROFILE_PASSWORD_TEXTS = {
  current: 'Current Password',
  next: 'New Password',
  confirm: 'Confirm New Password',
  mismatch: PROFILE_MESSAGES.passwordsDiffer,
} as const;

/** What the section hands the password form the app draws in it. */
export type TPasswordFormProps = {
  phase: 'idle' | 'processing' | 'done';
  onSubmit: (values: { currentPassword: string; newPassword: string }) => void;
  onCancel: () => void;
};

type TProps = {
  onChangePassword: (input: TPasswordChange) => Promise<unknown>;
  /**
   * The form itself: the auth feature's change-password form, the one /change-password
   * shows, handed in by the app (features do not import each other).
   */
  renderForm: (form: TPasswordFormProps) => ReactNode;
};

/**
 * Change Password opens the three fields; success or Cancel closes and clears them
 * (staff-tools.md section 4). The password rules are the server's, through the existing
 * change-password call the app hands in.
 */
export const PasswordSection = ({ onChangePassword, renderForm }: TProps) => {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { notice, show, clear } = useTimedNotice({ keepErrors: true });

  const submit = async ({
    currentPassword,
    newPassword,
  }: Parameters<TPasswordFormProps['onSubmit']>[0]) => {
    clear();
    setBusy(true);
    try {
      await onChangePassword({ current_password: currentPassword, new_password: newPassword });
      setOpen(false);
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
        renderForm({
          phase: busy ? 'processing' : 'idle',
          onSubmit: (values) => void submit(values),
          onCancel: () => {
            clear();
            setOpen(false);
          },
        })
      ) : (
        <Button
          aria-expanded={false}
          onClick={() => {
            clear();
            setOpen(true);
          }}
        >
          Change Password
        </Button>
      )}
    </ProfileSection>
  );
};
