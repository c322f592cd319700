import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useSyncGroups } from '../api/get-sync-groups';

/** Data Integrity: per group, Check Integrity opens the integrity page in a new tab. */
export const IntegrityList = () => {
  const groups = useSyncGroups();
  return (
    <Panel aria-labelledby="integrity-title">
      <h2 id="integrity-title" className="mb-3 text-lg font-semibold text-slate-900">
        Data Integrity
      </h2>
      {groups.isPending ? (
        <SkeletonRows rows={3} label="Loading sync groups..." />
      ) : groups.isError ? (
        <ErrorState
          title={`Failed to load sync groups: ${groups.error.message}`}
          onRetry={() => void groups.refetch()}
          retrying={groups.isFetching}
        />
      ) : groups.data.groups.length === 0 ? (
        <EmptyState title="No sync groups configured" />
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {groups.data.groups.map((group) => (
            <li key={group.id} className="flex items-center justify-between gap-2 py-2">
              <span>{group.name}</span>
              <Button asChild variant="link">
                <a
                  href={`/data-sync/integrity?group_id=${encodeURIComponent(group.id)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Check Integrity: ${group.name} (opens in a new tab)`}
                >
                  Check Integrity
                </a>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
};
