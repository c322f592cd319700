import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSyncGroups } from '../api/get-sync-groups';
import type { useTrackedJobs } from '../hooks/use-tracked-jobs';
import { GroupCard } from './group-card';
import { JobsPanel } from './jobs-panel';

type TSyncGroupsTabProps = {
  tracked: ReturnType<typeof useTrackedJobs>;
  startError: Error | null;
  onDismissError: () => void;
};

/** 'No mappings found in this group' comes from the server in the spec's words; others get its prefix. */
const startMessage = (error: Error) =>
  error.message === 'No mappings found in this group'
    ? error.message
    : error.message
      ? `Error starting sync: ${error.message}`
      : 'Failed to start sync';

/** Placeholder cards in the cards' own grid while the groups load. */
const GroupCardsSkeleton = () => (
  <div>
    <p role="status" className="sr-only">
      Loading sync groups...
    </p>
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} className="h-44 rounded-2xl bg-slate-100" />
      ))}
    </div>
  </div>
);

/** The spec's notices stay 5 s (section 9); Dismiss closes one sooner. */
export const NOTICE_MS = 5_000;

/** Sync Groups: the jobs panel above a card per group. */
export const SyncGroupsTab = ({ tracked, startError, onDismissError }: TSyncGroupsTabProps) => {
  const groups = useSyncGroups();
  useEffect(() => {
    if (!startError) {
      return undefined;
    }
    const timer = setTimeout(onDismissError, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [startError, onDismissError]);
  return (
    <div className="space-y-6">
      {startError && (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <Alert tone="error">{startMessage(startError)}</Alert>
          </div>
          <Button variant="link" className="mt-2" onClick={onDismissError}>
            Dismiss
          </Button>
        </div>
      )}
      <JobsPanel tracked={tracked} />
      <section aria-labelledby="groups-title">
        <h2 id="groups-title" className="mb-3 text-lg font-semibold text-slate-900">
          Sync Groups
        </h2>
        {groups.isPending ? (
          <GroupCardsSkeleton />
        ) : groups.isError ? (
          <ErrorState
            title={`Failed to load sync groups: ${groups.error.message}`}
            onRetry={() => void groups.refetch()}
            retrying={groups.isFetching}
          />
        ) : groups.data.groups.length === 0 ? (
          <EmptyState title="No sync groups configured" />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {groups.data.groups.map((group) => (
              <li key={group.id}>
                <GroupCard group={group} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
};
