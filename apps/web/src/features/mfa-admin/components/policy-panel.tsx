import { ErrorState } from '../../../components/ui/error-state';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useMfaPolicy } from '../api/get-mfa-policy';
import { PolicyForm } from './policy-form';

export const POLICY_HEADING = 'Two-step verification policy';

/**
 * Which roles must use two-step verification: the form, or why there is none yet
 * (loading, or a failed load with a Retry).
 */
export const PolicyPanel = () => {
  const policy = useMfaPolicy();
  return (
    <Panel aria-labelledby="mfa-policy-heading">
      <h2 id="mfa-policy-heading" className="text-lg font-semibold text-slate-900">
        {POLICY_HEADING}
      </h2>
      <p className="mt-1 mb-4 max-w-prose text-sm text-slate-600">
        Where a role requires it, its users without an authenticator app or passkey must add one at
        their next request, before they can do anything else.
      </p>
      {policy.isError ? (
        <ErrorState
          title="Failed to load the sign-in policy"
          message={policy.error.message}
          onRetry={() => void policy.refetch()}
          retrying={policy.isFetching}
        />
      ) : policy.isPending ? (
        <SkeletonRows rows={5} label="Loading the sign-in policy..." rowClassName="h-12" />
      ) : (
        <PolicyForm roles={policy.data.roles} />
      )}
    </Panel>
  );
};
