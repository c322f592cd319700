import { useQueryClient } from '@tanstack/react-query';
import { ProfileNotificationsSlot } from '../components/slots/profile-notifications-slot';
import { ProfileSecuritySlot } from '../components/slots/profile-security-slot';
import { authQueryKey, useCheckAuth } from '../features/auth/api/check-auth';
import { useChangePassword } from '../features/auth/api/change-password';
import { ChangePasswordForm } from '../features/auth/components/change-password-form';
import { usePreferences } from '../features/preferences/api/get-preferences';
import { useSoClassifications } from '../features/preferences/api/get-so-classifications';
import { useToggleClassification } from '../features/preferences/api/toggle-classification';
import { classificationToggles } from '../features/preferences/lib/first-login-rules';
import type { TFilterList } from '../features/profile/components/filter-section';
import {
  PROFILE_PASSWORD_TEXTS,
  type TPasswordFormProps,
} from '../features/profile/components/password-section';
import { ProfilePage } from '../features/profile/components/profile-page';
import { showsClassificationFilters } from '../features/profile/lib/profile-rules';
import { profileNotifications } from './profile-notifications-slot';
import { profileSecurity } from './profile-security-slot';

/**
 * My Profile's password form: the one /change-password shows, in the profile's words and
 * with a Cancel (docs/decisions.md, "One change-password form").
 */
export const renderProfilePasswordForm =
  (username: string | undefined) => (form: TPasswordFormProps) => (
    <ChangePasswordForm
      firstPassword={false}
      username={username}
      texts={PROFILE_PASSWORD_TEXTS}
      {...form}
    />
  );

/**
 * /profile: the profile feature's screen wired to the auth feature (the signed-in user, the
 * existing change-password call), the preferences feature (classifications and toggles), the
 * security feature (sign-in methods, through a slot) and the notifications feature (its
 * settings, through a slot), as features do not import each other.
 */
export const ProfileRoute = () => {
  const queryClient = useQueryClient();
  const user = useCheckAuth().data?.user;
  const filtersShown = user ? showsClassificationFilters(user) : false;
  const classifications = useSoClassifications({ enabled: filtersShown });
  const preferences = usePreferences({ enabled: filtersShown });
  const toggle = useToggleClassification();
  const changePassword = useChangePassword();
  if (!user) {
    return null;
  }

  const enabled = preferences.data?.so_classifications ?? [];
  const filters: TFilterList = classifications.isError
    ? { status: 'error', onRetry: () => void classifications.refetch() }
    : classifications.data && preferences.data
      ? { status: 'ready', classifications: classifications.data, enabled }
      : { status: 'pending' };

  const saveFilters = async (selected: string[]) => {
    const listed = (classifications.data ?? []).map((classification) => classification.key);
    // One at a time, as the first-login prompt does: each answer is the new enabled set.
    for (const key of classificationToggles({ enabled, selected, listed })) {
      await toggle.mutateAsync(key);
    }
  };

  return (
    <ProfileNotificationsSlot.Provider value={profileNotifications(filtersShown)}>
      <ProfileSecuritySlot.Provider value={profileSecurity}>
        <ProfilePage
          user={user}
          onProfileSaved={() => queryClient.invalidateQueries({ queryKey: authQueryKey })}
          onChangePassword={changePassword.mutateAsync}
          renderPasswordForm={renderProfilePasswordForm(user.email)}
          filters={filters}
          onSaveFilters={saveFilters}
        />
      </ProfileSecuritySlot.Provider>
    </ProfileNotificationsSlot.Provider>
  );
};
