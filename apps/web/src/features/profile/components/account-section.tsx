import { PROFILE_MESSAGES } from '@portal/domain/profile-api';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useProfile } from '../api/get-profile';
import { AccountForm } from './account-form';
import { ProfileSection } from './profile-section';

/** Account Information: the profile as loaded, with its loading and error states. */
export const AccountSection = ({ onSaved }: { onSaved?: () => unknown }) => {
  const profile = useProfile();
  return (
    <ProfileSection id="account" title="Account Information">
      {profile.isPending ? (
        <SkeletonRows rows={3} label="Loading profile..." />
      ) : profile.isError ? (
        <ErrorState
          title={PROFILE_MESSAGES.loadFailed}
          message="Check your connection and try again."
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <AccountForm profile={profile.data} onSaved={onSaved} />
      )}
    </ProfileSection>
  );
};
