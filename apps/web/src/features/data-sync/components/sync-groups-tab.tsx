import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
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

/** Sync Groups: the jobs panel above a card per group. */
export const SyncGroupsTab = ({ tracked, startError, onDismissError }: TSyncGroupsTabProps) => {
  const groups = useSyncGroups();
  return (
    <div className="space-y-6">
      {startError && (
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <Alert tone="error">{startMessage(startError)}</Alert>
          </div>
          <button
            type="button"
            className="mt-2 text-sm text-slate-600 underline"
            onClick={onDismissError}
          >
            Dismiss
          </button>
        </div>
      )}
      <JobsPanel tracked={tracked} />
      <section aria-labelledby="groups-title">
        <h2 id="groups-title" className="mb-3 text-lg font-semibold text-slate-900">
          Sync Groups
        </h2>
        {groups.isPending ? (
          <Spinner label="Loading sync groups..." />
        ) : groups.isError ? (
          <Alert tone="error">Failed to load sync groups: {groups.error.message}</Alert>
        ) : groups.data.groups.length === 0 ? (
          <p className="py-8 text-center text-slate-600">No sync groups configured</p>
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
