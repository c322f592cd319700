import { EDIT_SYNC_MAPPINGS } from '@portal/domain/roles';
import { useCallback, useMemo, useRef, useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useForceSync } from '../api/force-sync';
import { useSyncGroups } from '../api/get-sync-groups';
import { useConsoleDialog } from '../hooks/use-console-dialog';
import { useJobLink } from '../hooks/use-job-link';
import { useRunEndToasts } from '../hooks/use-run-end-toasts';
import { useTrackedJobs, type TTrackedJob } from '../hooks/use-tracked-jobs';
import { failureDialog } from '../lib/format';
import { DataSyncContext, type TDataSyncDialog } from './data-sync-context';
import { DialogHost } from './dialog-host';
import { JobHistoryTab } from './job-history-tab';
import { SchedulerTab } from './scheduler-tab';
import { SyncGroupsTab } from './sync-groups-tab';

const TABS = [
  { id: 'groups', label: 'Sync Groups' },
  { id: 'scheduler', label: 'Scheduler' },
  { id: 'history', label: 'Job History' },
] as const;
type TTabId = (typeof TABS)[number]['id'];

/** /data-sync: sync groups with live jobs, the scheduler and job history (staff-tools.md). */
export const DataSyncPage = ({ permissions }: { permissions: readonly string[] }) => {
  const [tab, setTab] = useState<TTabId>('groups');
  const frame = useRef<HTMLDivElement>(null);
  const { dialog, openDialog, closeDialog } = useConsoleDialog<TDataSyncDialog>(frame);
  const canRun = permissions.includes('run_sync');
  const canEdit = permissions.includes(EDIT_SYNC_MAPPINGS);

  // A job seen running that fails opens the fixer or the error dialog (section 4).
  const onFailed = useCallback(
    (job: TTrackedJob) => {
      const kind = failureDialog(job);
      if (kind === 'case_fixer' && job.group_id) {
        openDialog({ kind: 'fixer', groupId: job.group_id, jobId: job.id });
      } else if (kind) {
        openDialog({ kind: 'error', jobId: job.id });
      }
    },
    [openDialog],
  );
  const tracked = useTrackedJobs(onFailed);
  const groups = useSyncGroups();
  const watched = useMemo(
    () => [
      ...tracked.jobs,
      ...(groups.data?.groups ?? []).flatMap((group) => (group.last_job ? [group.last_job] : [])),
    ],
    [tracked.jobs, groups.data],
  );
  const openDetails = useCallback(
    (jobId: string) => openDialog({ kind: 'details', jobId }),
    [openDialog],
  );
  // A failure alert's link (/data-sync?job=<id>) opens that job's details.
  useJobLink(openDetails);
  // A failure of a run followed in the panel opens its dialog (onFailed): no toast on top.
  useRunEndToasts(
    watched,
    openDetails,
    (job) => failureDialog(job) !== undefined && tracked.jobs.some((other) => other.id === job.id),
  );
  const start = useForceSync();
  const { track } = tracked;

  const actions = useMemo(
    () => ({
      canRun,
      canEdit,
      openDialog,
      // Progress and start errors show on Sync Groups, so a start from the Scheduler tab
      // (Run Now) or a dialog (Retry) goes there.
      startSync: (groupId: string) => {
        setTab('groups');
        start.mutate(groupId, { onSuccess: ({ job_id: jobId }) => track(jobId) });
      },
      startingGroup: start.isPending ? start.variables : undefined,
    }),
    [canRun, canEdit, openDialog, start, track],
  );

  return (
    <DataSyncContext.Provider value={actions}>
      <div ref={frame}>
        <PageHeading title="Data Sync" />
        <Tabs value={tab} onValueChange={(next) => setTab(next as TTabId)}>
          <TabsList aria-label="Data sync">
            {TABS.map(({ id, label }) => (
              <TabsTrigger key={id} value={id}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="groups">
            <SyncGroupsTab
              tracked={tracked}
              startError={start.error}
              onDismissError={start.reset}
            />
          </TabsContent>
          <TabsContent value="scheduler">
            <SchedulerTab />
          </TabsContent>
          <TabsContent value="history">
            <JobHistoryTab />
          </TabsContent>
        </Tabs>
        <DialogHost dialog={dialog} onClose={closeDialog} />
      </div>
    </DataSyncContext.Provider>
  );
};
