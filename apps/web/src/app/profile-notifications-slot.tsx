import { NotificationSettings } from '../features/notifications/components/notification-settings';
import type { TCategoryList } from '../features/notifications/components/scope-fields';
import { useSoClassifications } from '../features/preferences/api/get-so-classifications';

/**
 * My Profile's notification settings (the notifications feature), choosing their categories
 * from the order classifications of the preferences feature: the query the profile's filters
 * ask too, so it is asked once. Only staff choose categories; a patient's is never asked.
 */
export const ProfileNotifications = ({ categoriesShown }: { categoriesShown: boolean }) => {
  const classifications = useSoClassifications({ enabled: categoriesShown });
  const categories: TCategoryList = classifications.isError
    ? {
        status: 'error',
        onRetry: () => void classifications.refetch(),
        retrying: classifications.isFetching,
      }
    : classifications.data
      ? { status: 'ready', classifications: classifications.data }
      : { status: 'pending' };
  return <NotificationSettings categories={categories} />;
};

/** The slot's filling: the settings, with categories to choose for staff. */
export const profileNotifications = (categoriesShown: boolean) => () => (
  <ProfileNotifications categoriesShown={categoriesShown} />
);
