import { DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import type { TSyncGroupWithRun } from '@portal/domain/data-sync-api';
import type { TSyncGroup } from '@portal/domain/sync-mapping';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { plural } from '../lib/runs';
import { groupScheduleForm } from '../lib/schedule-form';
import { useDataSync } from './data-sync-context';
import { GroupEditActions } from './group-editor/group-edit-actions';
import type { TEditorTarget } from './group-editor/group-editor-dialog';
import { GroupRunStatus } from './group-run-status';

/**
 * Every built-in group is a default group (one per table, and the full sync), so a badge on
 * each said nothing: 'Default' marks the default full sync alone (docs/decisions.md, issue 29).
 */
export const showsDefaultBadge = (group: Pick<TSyncGroup, 'id' | 'isDefault'>) =>
  group.isDefault && group.id === DEFAULT_FULL_SYNC_GROUP_ID;

type TGroupCardProps = {
  group: TSyncGroupWithRun;
  /** Opens the group editor (admins: Edit and Duplicate). */
  onEdit?: ((target: TEditorTarget) => void) | undefined;
  /** After a delete, where focus goes (the card is gone). */
  onDeleted?: (() => void) | undefined;
};

/**
 * One sync group: name, description, mapping count, Default badge, its run (live, then the
 * last one) and its actions. Start Sync waits, saying why, while the group runs. Admins
 * also edit, duplicate and delete it.
 */
export const GroupCard = ({ group, onEdit, onDeleted }: TGroupCardProps) => {
  const { canRun, canEdit, openDialog, startSync, startingGroup } = useDataSync();
  const titleId = `group-${group.id}-title`;
  const busyId = `group-${group.id}-busy`;
  const count = group.mappings.length;
  const starting = startingGroup === group.id;
  const running = group.last_job?.status === 'running';
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
        <p className="mt-2 text-sm text-slate-700">{plural(count, 'mapping')}</p>
        <GroupRunStatus groupName={group.name} job={group.last_job} />
        {canRun ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              variant="primary"
              size="sm"
              aria-disabled={starting || running}
              aria-label={`Start Sync: ${group.name}`}
              aria-describedby={running ? busyId : undefined}
              onClick={() => !starting && !running && startSync(group.id)}
            >
              {starting ? 'Starting...' : running ? 'Running…' : 'Start Sync'}
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
        ) : null}
        {canRun && running && (
          <p id={busyId} className="mt-2 text-xs text-slate-600">
            Start Sync is available again when this run ends.
          </p>
        )}
        {canEdit && onEdit && (
          <GroupEditActions group={group} onEdit={onEdit} onDeleted={onDeleted} />
        )}
        {!canRun && (
          <p className="mt-4 text-xs text-slate-600">
            Read-only: your account may view syncs but not start them.
          </p>
        )}
      </article>
    </Panel>
  );
};
