import { useContext, type ReactNode } from 'react';
import type { TAuthUser } from '@portal/domain/auth-api';
import { ProfileNotificationsSlot } from '../../../components/slots/profile-notifications-slot';
import { ProfileSecuritySlot } from '../../../components/slots/profile-security-slot';
import { PageHeading } from '../../../components/ui/page-heading';
import { showsClassificationFilters } from '../lib/profile-rules';
import { AccountSection } from './account-section';
import { FilterSection, type TFilterList } from './filter-section';
import { PasswordSection, type TPasswordChange, type TPasswordFormProps } from './password-section';
import { ProfileSection } from './profile-section';

type TProps = {
  user: Pick<TAuthUser, 'role' | 'patient_key'>;
  /** The app's auth feature refreshes the signed-in user (name and email in the header). */
  onProfileSaved?: () => unknown;
  /** The existing change-password call (POST /api/reset-password). */
  onChangePassword: (input: TPasswordChange) => Promise<unknown>;
  /** The change-password form, the same one /change-password shows (from the auth feature). */
  renderPasswordForm: (form: TPasswordFormProps) => ReactNode;
  /** The order classifications and the user's choice, from the preferences feature. */
  filters: TFilterList;
  onSaveFilters: (selected: string[]) => Promise<unknown>;
};

/**
 * /profile: account details, password, the sign-in methods the app puts in through
 * ProfileSecuritySlot, (for staff) the order classification filters, and the notification
 * settings the app puts in through ProfileNotificationsSlot.
 */
export const ProfilePage = (props: TProps) => {
  const notifications = useContext(ProfileNotificationsSlot);
  const security = useContext(ProfileSecuritySlot);
  return (
    <>
      <PageHeading title="My Profile" />
      <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <AccountSection onSaved={props.onProfileSaved} />
          <PasswordSection
            onChangePassword={props.onChangePassword}
            renderForm={props.renderPasswordForm}
          />
          {security && (
            <ProfileSection
              id="security"
              title="Security"
              description="Sign in with a code from an authenticator app as well as your password."
            >
              {security()}
            </ProfileSection>
          )}
        </div>
        <div className="space-y-6">
          {showsClassificationFilters(props.user) && (
            <FilterSection list={props.filters} onSave={props.onSaveFilters} />
          )}
          {notifications && (
            <ProfileSection
              id="notifications"
              title="Notifications"
              description="Which order changes you hear about, in the portal and by email."
            >
              {notifications()}
            </ProfileSection>
          )}
        </div>
      </div>
    </>
  );
};
