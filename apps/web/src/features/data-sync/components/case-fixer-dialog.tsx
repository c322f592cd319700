import { useMemo, useState } from 'react';
import { findCaseIssues } from '@portal/domain/case-fixer';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useJob } from '../api/get-job';
import { useSyncGroups } from '../api/get-sync-groups';
import { useSaveSyncGroup } from '../api/save-sync-group';
import { failureOf } from '../lib/format';
import { useDataSync } from './data-sync-context';
import { FixerIssues } from './fixer-issues';
import { MappingCompare } from './mapping-compare';

const TABS = [
  { id: 'issues', label: 'Issues & Fixes' },
  { id: 'compare', label: 'Compare Mappings' },
] as const;
type TTabId = (typeof TABS)[number]['id'];

type TCaseFixerDialogProps = {
  groupId: string;
  /** The failed run it was opened for: the identifiers its error names are flagged too. */
  jobId?: string | undefined;
  onClose: () => void;
};

/** Case Sensitivity Fixer: the group's case issues, before/after, and Apply Fixes (saves the group). */
export const CaseFixerDialog = ({ groupId, jobId, onClose }: TCaseFixerDialogProps) => {
  const { canEdit, openDialog } = useDataSync();
  const job = useJob(jobId, false).data?.data;
  const error = job ? failureOf(job)?.message : undefined;
  const [tab, setTab] = useState<TTabId>('issues');
  const [showCode, setShowCode] = useState(false);
  const groups = useSyncGroups();
  const save = useSaveSyncGroup();
  const group = groups.data?.groups.find((candidate) => candidate.id === groupId);
  const result = useMemo(
    () => (group ? findCaseIssues(group.mappings, { error }) : undefined),
    [group, error],
  );
  const fixable = result?.issues.filter((issue) => issue.after !== null).length ?? 0;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Case Sensitivity Fixer"
      size="xl"
    >
      {groups.isPending ? (
        <SkeletonRows rows={4} label="Loading the group's mappings..." />
      ) : groups.isError ? (
        <Alert tone="error">Failed to load sync groups: {groups.error.message}</Alert>
      ) : !group || !result ? (
        <Alert tone="error">Sync group "{groupId}" not found</Alert>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {group.name}: the warehouse's names are upper case, and names are matched exactly as
            written.{' '}
            {result.issues.length === 0
              ? 'No case sensitivity issues found: nothing to fix.'
              : `${result.issues.length} issue(s) found, ${fixable} with a fix.`}
          </p>
          {save.isSuccess && (
            <Alert tone="success">Fixes applied: the group was saved. Start the sync again.</Alert>
          )}
          {save.isError && <Alert tone="error">Failed to apply fixes: {save.error.message}</Alert>}
          <Tabs value={tab} onValueChange={(next) => setTab(next as TTabId)}>
            <TabsList aria-label="Case fixer">
              {TABS.map(({ id, label }) => (
                <TabsTrigger key={id} value={id}>
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="issues">
              <FixerIssues
                issues={result.issues}
                showCode={showCode}
                fixed={result.fixed}
                error={error}
                onShowError={jobId ? () => openDialog({ kind: 'error', jobId }) : undefined}
              />
            </TabsContent>
            <TabsContent value="compare">
              <MappingCompare before={group.mappings} after={result.fixed} />
            </TabsContent>
          </Tabs>
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={() => setShowCode((shown) => !shown)}>
              {showCode ? 'Hide Fixed Code' : 'Show Fixed Code'}
            </Button>
            <Button onClick={onClose}>Cancel</Button>
            {canEdit ? (
              <Button
                variant="primary"
                disabled={fixable === 0 || save.isPending || save.isSuccess}
                onClick={() =>
                  save.mutate({
                    group: {
                      id: group.id,
                      name: group.name,
                      description: group.description,
                      mappings: result.fixed,
                    },
                  })
                }
              >
                {save.isPending ? 'Applying...' : 'Apply Fixes'}
              </Button>
            ) : (
              <p className="self-center text-sm text-slate-600">
                Only an administrator can apply fixes to a mapping.
              </p>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
};
