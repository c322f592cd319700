import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useProfile } from '../api/get-profile';
import { AccountForm } from './account-form';
import { ProfileSection } from './profile-section';

/** Account Information: the profile as loaded, with its loading and error states. */
export const AccountSection = ({ onSaved }: { onSaved?: () => unknown }) => {
  const profile = useProfile();
  return (
    <ProfileSection id="account" title="Account Information">
      {profile.isPending ? (
        <Spinner label="Loading profile..." />
      ) : profile.isError ? (
        <Alert tone="error">
          <p>{PROFILE_MESSAGES.loadFailed}</p>
          <button
            type="button"
            className="mt-2 font-semibold underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:outline-none"
            onClick={() => void profile.refetch()}
          >
            Try again
          </button>
        </Alert>
      ) : (
        <AccountForm profile={profile.data} onSaved={onSaved} />
      )}
    </ProfileSection>
  );
};
