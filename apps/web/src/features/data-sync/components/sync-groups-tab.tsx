import { Suspense, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { lazyComponent } from '../../../lib/lazy-component';
import { useSyncGroups } from '../api/get-sync-groups';
import type { useTrackedJobs } from '../hooks/use-tracked-jobs';
import { useDataSync } from './data-sync-context';
import { GroupCard } from './group-card';
import type { TEditorTarget } from './group-editor/group-editor-dialog';
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

/** The group editor is its own chunk, fetched when an admin points at New group or first opens it. */
const GroupEditorDialog = lazyComponent(
  () => import('./group-editor/group-editor-dialog'),
  (module) => module.GroupEditorDialog,
);

/** The spec's notices stay 5 s (section 9); Dismiss closes one sooner. */
export const NOTICE_MS = 5_000;

/** Sync Groups: the jobs panel above a card per group; admins make and edit groups here. */
export const SyncGroupsTab = ({ tracked, startError, onDismissError }: TSyncGroupsTabProps) => {
  const groups = useSyncGroups();
  const { canEdit } = useDataSync();
  const [editor, setEditor] = useState<TEditorTarget>();
  // Editors are numbered, so each opening starts from the group as it is now.
  const [opened, setOpened] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const openEditor = (target: TEditorTarget) => {
    setOpened((count) => count + 1);
    setEditor(target);
  };
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
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2
            id="groups-title"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none"
          >
            Sync Groups
          </h2>
          {canEdit && (
            <Button
              variant="primary"
              size="sm"
              onPointerEnter={() => void GroupEditorDialog.preload()}
              onFocus={() => void GroupEditorDialog.preload()}
              onClick={() => openEditor({ mode: 'new' })}
            >
              New group
            </Button>
          )}
        </div>
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
                <GroupCard
                  group={group}
                  onEdit={canEdit ? openEditor : undefined}
                  onDeleted={() => heading.current?.focus()}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {editor && (
        <Suspense fallback={null}>
          <GroupEditorDialog key={opened} target={editor} onClose={() => setEditor(undefined)} />
        </Suspense>
      )}
    </div>
  );
};
