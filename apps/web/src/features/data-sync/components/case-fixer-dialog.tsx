import { useMemo, useState } from 'react';
import { findCaseIssues } from '@portal/domain/case-fixer';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useSyncGroups } from '../api/get-sync-groups';
import { useSaveSyncGroup } from '../api/save-sync-group';
import { buttonClass, primaryButtonClass } from '../lib/ui-classes';
import { useDataSync } from './data-sync-context';
import { FixerIssues } from './fixer-issues';
import { MappingCompare } from './mapping-compare';
import { Tabs } from './tabs';

const TABS = [
  { id: 'issues', label: 'Issues & Fixes' },
  { id: 'compare', label: 'Compare Mappings' },
] as const;
type TTabId = (typeof TABS)[number]['id'];

/** Case Sensitivity Fixer: the group's case issues, before/after, and Apply Fixes (saves the group). */
export const CaseFixerDialog = ({ groupId, onClose }: { groupId: string; onClose: () => void }) => {
  const { canEdit } = useDataSync();
  const [tab, setTab] = useState<TTabId>('issues');
  const [showCode, setShowCode] = useState(false);
  const groups = useSyncGroups();
  const save = useSaveSyncGroup();
  const group = groups.data?.groups.find((candidate) => candidate.id === groupId);
  const result = useMemo(() => (group ? findCaseIssues(group.mappings) : undefined), [group]);
  const fixable = result?.issues.filter((issue) => issue.after !== null).length ?? 0;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Case Sensitivity Fixer"
      size="xl"
    >
      {groups.isPending ? (
        <Spinner label="Loading the group's mappings..." />
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
              ? 'No case sensitivity issues found.'
              : `${result.issues.length} issue(s) found, ${fixable} with a fix.`}
          </p>
          {save.isSuccess && (
            <Alert tone="success">Fixes applied: the group was saved. Start the sync again.</Alert>
          )}
          {save.isError && <Alert tone="error">Failed to apply fixes: {save.error.message}</Alert>}
          <Tabs label="Case fixer" tabs={TABS} selected={tab} onSelect={setTab}>
            {tab === 'issues' ? (
              <FixerIssues issues={result.issues} showCode={showCode} fixed={result.fixed} />
            ) : (
              <MappingCompare before={group.mappings} after={result.fixed} />
            )}
          </Tabs>
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className={buttonClass}
              onClick={() => setShowCode((shown) => !shown)}
            >
              {showCode ? 'Hide Fixed Code' : 'Show Fixed Code'}
            </button>
            <button type="button" className={buttonClass} onClick={onClose}>
              Cancel
            </button>
            {canEdit ? (
              <button
                type="button"
                className={primaryButtonClass}
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
              </button>
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
