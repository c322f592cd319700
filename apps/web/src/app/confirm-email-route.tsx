import { useQueryClient } from '@tanstack/react-query';
import { authQueryKey, useCheckAuth } from '../features/auth/api/check-auth';
import { ConfirmEmailPage } from '../features/profile/components/confirm-email-page';

/**
 * /confirm-email: the profile feature's confirmation screen, told by the auth feature whether
 * this browser is signed in (to offer the profile or sign-in) and refreshing its user after.
 */
export const ConfirmEmailRoute = () => {
  const queryClient = useQueryClient();
  const auth = useCheckAuth();
  return (
    <ConfirmEmailPage
      signedIn={auth.data?.authenticated === true}
      onConfirmed={() => queryClient.invalidateQueries({ queryKey: authQueryKey })}
    />
  );
};
