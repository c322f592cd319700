import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useNotificationSettings } from '../api/get-notification-settings';
import { NotificationSettingsForm } from './notification-settings-form';
import type { TCategoryList } from './scope-fields';

/**
 * My Profile's Notifications section, inside the profile's own card (the app puts it there
 * through a slot): the settings as loaded, with their loading and error states.
 */
export const NotificationSettings = ({ categories }: { categories: TCategoryList }) => {
  const settings = useNotificationSettings();
  if (settings.isPending) {
    return <SkeletonRows rows={4} label="Loading notification settings..." />;
  }
  if (settings.isError) {
    return (
      <ErrorState
        title="Failed to load notification settings"
        message="Check your connection and try again."
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  return <NotificationSettingsForm answer={settings.data} categories={categories} />;
};
