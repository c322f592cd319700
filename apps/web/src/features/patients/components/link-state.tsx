import { ErrorState } from '../../../components/ui/error-state';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows } from '../../../components/ui/skeleton';
import type { TLinkProblem } from '../lib/link-errors';

type TLinkProblemPanelProps = {
  problem: TLinkProblem;
  /** 'Patient' or 'Order': what the link named. */
  what: string;
  id?: string;
  onRetry?: () => void;
};

/**
 * Where a linked patient or order would be: Access Denied, 'Patient not found' / 'Order not
 * found' (the server says so for another payor's too, never showing its data), or a failed
 * load with Retry.
 */
export const LinkProblemPanel = ({ problem, what, id, onRetry }: TLinkProblemPanelProps) => (
  <Panel id={id} aria-label={`${what} details`}>
    {problem.kind === 'denied' ? (
      <div role="alert">
        <h2 className="text-lg font-semibold text-slate-900">Access Denied</h2>
        <p className="mt-1 text-sm text-slate-700">{problem.message}</p>
      </div>
    ) : problem.kind === 'not-found' ? (
      <ErrorState
        title={problem.message}
        message={`Check the link, or search for the ${what.toLowerCase()}: it may belong to patients you cannot see.`}
      />
    ) : (
      <ErrorState
        title={`Failed to load the ${what.toLowerCase()}`}
        message={problem.message}
        onRetry={onRetry}
      />
    )}
  </Panel>
);

/** A linked patient or order on its way. */
export const LinkLoadingPanel = ({ label, id }: { label: string; id?: string }) => (
  <Panel id={id} aria-label={label} aria-busy="true">
    <SkeletonRows rows={4} label={label} />
  </Panel>
);

/** A link to another payor's patients, opened by payor staff. */
export const DENIED: TLinkProblem = {
  kind: 'denied',
  message: "You don't have permission to access this page.",
};
