import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { landingPathFor } from '@portal/domain/routes';
import { Button } from '../../../components/ui/button';
import { authQueryKey, useCheckAuth } from '../../auth/api/check-auth';
import { useSecurity } from '../api/get-security';
import { SecuritySettings } from './security-settings';

/**
 * /security-setup (issue 35): where a user whose role requires two-step verification and who
 * has no second factor is sent after their password, before anything else opens. The same
 * Security section as My Profile's; once a factor is added the session no longer owes one
 * (the server clears it), the guard lets go and the user continues to their landing page.
 */
export const SecuritySetupPage = () => {
  const auth = useCheckAuth();
  const security = useSecurity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const enrolled = (security.data?.factors.length ?? 0) > 0;
  const user = auth.data?.user;
  const owed = user?.mfa_enrolment_required ?? false;

  // The enrolment cleared the session's flag on the server: read it again.
  useEffect(() => {
    if (enrolled && owed) {
      void queryClient.invalidateQueries({ queryKey: authQueryKey });
    }
  }, [enrolled, owed, queryClient]);

  if (!user) {
    return null;
  }
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Set up two-step verification</h1>
        {enrolled ? (
          <p className="text-sm text-slate-700">
            Two-step verification is on. Keep your recovery codes somewhere safe: they sign you in
            if your phone is lost. You can change your sign-in methods later on My Profile.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            Your organisation requires a second step when you sign in, because the portal holds
            patient health information. Add an authenticator app or a passkey now: after your
            password, you will enter the app's 6-digit code or use the passkey. Nothing else in the
            portal opens until then.
          </p>
        )}
      </div>
      <section aria-label="Your sign-in methods">
        <SecuritySettings />
      </section>
      {enrolled && (
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <Button
            variant="primary"
            disabled={owed}
            onClick={() => void navigate(landingPathFor(user.role), { replace: true })}
          >
            Continue to the portal
          </Button>
        </div>
      )}
    </div>
  );
};
