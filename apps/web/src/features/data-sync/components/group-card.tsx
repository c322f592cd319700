import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import type { TSyncGroup } from '@portal/domain/sync-mapping';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { groupScheduleForm } from '../lib/schedule-form';
import { useDataSync } from './data-sync-context';

/**
 * Every built-in group is a default group (one per table, and the full sync), so a badge on
 * each said nothing: 'Default' marks the default full sync alone (docs/decisions.md, issue 29).
 */
export const showsDefaultBadge = (group: Pick<TSyncGroup, 'id' | 'isDefault'>) =>
  group.isDefault && group.id === DEFAULT_FULL_SYNC_GROUP_ID;

/** One sync group: name, description, mapping count, Default badge and its actions. */
export const GroupCard = ({ group }: { group: TSyncGroup }) => {
  const { canRun, openDialog, startSync, startingGroup } = useDataSync();
  const titleId = `group-${group.id}-title`;
  const count = group.mappings.length;
  return (
    <Panel asChild className="h-full">
      <article aria-labelledby={titleId} data-testid="group-card">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="font-semibold break-words text-slate-900">
            {group.name}
          </h3>
          {showsDefaultBadge(group) && (
            <Badge
              data-testid="default-badge"
              title="The default full sync: every default mapping, in order"
              className="shrink-0"
            >
              Default
            </Badge>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-600">{group.description || 'No description'}</p>
        <p className="mt-2 text-sm text-slate-700">
          {count} {count === 1 ? 'mapping' : 'mappings'}
        </p>
        {canRun ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="primary"
              size="sm"
              aria-disabled={startingGroup === group.id}
              aria-label={`Start Sync: ${group.name}`}
              onClick={() => startingGroup !== group.id && startSync(group.id)}
            >
              {startingGroup === group.id ? 'Starting...' : 'Start Sync'}
            </Button>
            <Button
              size="sm"
              aria-label={`Schedule: ${group.name}`}
              onClick={() => openDialog({ kind: 'schedule', form: groupScheduleForm(group.id) })}
            >
              Schedule
            </Button>
            <Button
              size="sm"
              aria-label={`Fix Case: ${group.name}`}
              title="Find column names in this group's mappings whose upper or lower case does not match the warehouse, and fix them"
              onClick={() => openDialog({ kind: 'fixer', groupId: group.id })}
            >
              Fix Case
            </Button>
          </div>
        ) : (
          <p className="mt-4 text-xs text-slate-600">
            Read-only: your account may view syncs but not start them.
          </p>
        )}
      </article>
    </Panel>
  );
};
