import { useState } from 'react';
import type { TSyncGroupWithRun } from '@portal/domain/data-sync-api';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { toast } from '../../../../components/ui/toast';
import { useDeleteSyncGroup } from '../../api/delete-sync-group';
import { plural } from '../../lib/runs';
import type { TEditorTarget } from './group-editor-dialog';

type TGroupEditActionsProps = {
  group: TSyncGroupWithRun;
  onEdit: (target: TEditorTarget) => void;
  onDeleted?: (() => void) | undefined;
};

/**
 * Edit, Duplicate and Delete on a group's card (admins). A default group cannot be
 * deleted; a refused delete (the group runs, or has schedules) says why on the card.
 */
export const GroupEditActions = ({ group, onEdit, onDeleted }: TGroupEditActionsProps) => {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteSyncGroup({
    onDeleted: () => {
      toast({ title: 'Sync group deleted', description: group.name, tone: 'success' });
      onDeleted?.();
    },
  });
  return (
    <div className="mt-3 space-y-2 border-t border-slate-100 pt-3">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          aria-label={`Edit: ${group.name}`}
          onClick={() => onEdit({ mode: 'edit', group })}
        >
          Edit
        </Button>
        <Button
          size="sm"
          aria-label={`Duplicate: ${group.name}`}
          onClick={() => onEdit({ mode: 'duplicate', group })}
        >
          Duplicate
        </Button>
        {!group.isDefault && (
          <Button
            size="sm"
            aria-label={`Delete: ${group.name}`}
            onClick={() => {
              remove.reset();
              setAsking(true);
            }}
          >
            Delete
          </Button>
        )}
      </div>
      {remove.isError && (
        <Alert tone="error">
          Could not delete {group.name}: {remove.error.message}
        </Alert>
      )}
      <ConfirmDialog
        open={asking}
        title={`Delete ${group.name}?`}
        message={`The sync group "${group.name}" and its ${plural(group.mappings.length, 'mapping')} are deleted. Its past runs stay in Job History.`}
        confirmLabel="Delete group"
        busyLabel="Deleting…"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => remove.mutate(group.id, { onSettled: () => setAsking(false) })}
      />
    </div>
  );
};
