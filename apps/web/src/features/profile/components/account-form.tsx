import { useState, type SubmitEvent } from 'react';
import {
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  emailChanges,
  type TProfile,
} from '@portal/domain/profile-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { useUpdateProfile } from '../api/update-profile';
import { failureText } from '../lib/profile-rules';

type TProps = { profile: TProfile; onSaved?: (() => unknown) | undefined };

/**
 * Full Name and Email Address. A changed email is the account's new sign-in name, so the
 * current password is asked for then, and sent only then. The new address must confirm by
 * its mailed link: until then the field shows the current email again, and a lasting note
 * says where the link went.
 */
export const AccountForm = ({ profile, onSaved }: TProps) => {
  const [username, setUsername] = useState(profile.username);
  const [email, setEmail] = useState(profile.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const update = useUpdateProfile(onSaved);
  const { notice, show, clear } = useTimedNotice({ keepErrors: true });
  const [linkSent, setLinkSent] = useState<string>();
  const emailChanged = emailChanges(profile.email, email);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    setLinkSent(undefined);
    try {
      const saved = await update.mutateAsync({
        username,
        email,
        ...(emailChanged ? { current_password: currentPassword } : {}),
      });
      setUsername(saved.username);
      setEmail(saved.email);
      setCurrentPassword('');
      if (emailChanged) {
        setLinkSent(saved.message);
      } else {
        show({ tone: 'success', text: PROFILE_MESSAGES.updated });
      }
    } catch (error) {
      show({ tone: 'error', text: failureText(PROFILE_MESSAGES.updateFailed, error) });
    }
  };

  const busy = update.isPending;
  return (
    <form className="space-y-4" onSubmit={(event) => void submit(event)}>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {linkSent && <Alert tone="info">{linkSent}</Alert>}
      <TextField
        id="profile-name"
        label="Full Name"
        autoComplete="name"
        required
        maxLength={PROFILE_LIMITS.username}
        disabled={busy}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <TextField
        id="profile-email"
        label="Email Address"
        type="email"
        autoComplete="email"
        required
        maxLength={PROFILE_LIMITS.email}
        disabled={busy}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {emailChanged && (
        <div>
          <PasswordField
            id="profile-current-password"
            label="Current Password"
            autoComplete="current-password"
            required
            disabled={busy}
            value={currentPassword}
            aria-describedby="profile-current-password-hint"
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
          <p id="profile-current-password-hint" className="mt-1 text-xs text-slate-600">
            {PROFILE_MESSAGES.currentPasswordRequired} We will mail a confirmation link to the new
            address; it becomes your sign-in once you open the link.
          </p>
        </div>
      )}
      <Button type="submit" variant="primary" disabled={busy} className="w-full sm:w-auto">
        {busy ? 'Updating...' : 'Update Profile'}
      </Button>
    </form>
  );
};
