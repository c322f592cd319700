import { useCheckAuth } from '../features/auth/api/check-auth';
import { UnsubscribePage } from '../features/notifications/components/unsubscribe-page';

/**
 * /unsubscribe: the notifications feature's page, told by the auth feature whether this
 * browser is signed in (the way to the settings then needs no sign-in).
 */
export const UnsubscribeRoute = () => {
  const auth = useCheckAuth();
  return <UnsubscribePage signedIn={auth.data?.authenticated === true} />;
};
