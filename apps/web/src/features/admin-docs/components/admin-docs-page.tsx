import { useEffect, useState } from 'react';
import { ADMIN_DOC_MESSAGES } from '@portal/domain/admin-docs-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useAdminDocs } from '../api/get-admin-docs';
import { useAdminDoc } from '../api/get-admin-doc';
import { useDocNotices } from '../lib/use-doc-notices';
import { DocList } from './doc-list';
import { DocPane } from './doc-pane';

export type TPaneMode = 'view' | 'create' | 'edit';

export const DISCARD_TEXTS = {
  title: 'Discard unsaved changes?',
  message: 'What you changed in this form has not been saved. Leaving it now loses those changes.',
  confirm: 'Discard changes',
  cancel: 'Keep editing',
} as const;

/**
 * /admin/documentation: the list on the left, and on the right the open document, the
 * create/edit form, or a prompt to pick one (staff-tools.md section 2).
 */
export const AdminDocsPage = () => {
  const list = useAdminDocs();
  const [selected, setSelected] = useState<{ docId: number; version?: number | undefined }>();
  const [mode, setMode] = useState<TPaneMode>('view');
  const detail = useAdminDoc(selected);
  const notices = useDocNotices();
  const { showError } = notices;
  const [formDirty, setFormDirty] = useState(false);
  // What the admin asked for while the form held unsaved changes; done once they confirm.
  const [pendingLeave, setPendingLeave] = useState<() => void>();

  /** Runs `action`, which closes the form, at once or after the admin agrees to discard. */
  const leaveForm = (action: () => void, closesForm: boolean) => {
    if (closesForm && formDirty) {
      setPendingLeave(() => action);
      return;
    }
    action();
  };

  useEffect(() => {
    if (list.isError) {
      showError(ADMIN_DOC_MESSAGES.loadListFailed);
    }
  }, [list.isError, showError]);
  useEffect(() => {
    if (detail.isError) {
      showError(ADMIN_DOC_MESSAGES.loadFailed);
    }
  }, [detail.isError, showError]);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeading title="Admin Documentation" />
        <Button
          variant="primary"
          className="mb-4 sm:mb-0"
          onClick={() =>
            // From a new document's form this changes nothing, so there is nothing to ask.
            leaveForm(() => {
              notices.clear();
              setMode('create');
            }, mode === 'edit')
          }
        >
          New Document
        </Button>
      </div>
      {notices.notice && <Alert tone={notices.notice.tone}>{notices.notice.text}</Alert>}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <DocList
            documents={list.data?.documents}
            loading={list.isPending}
            failed={list.isError}
            retrying={list.isFetching}
            selectedId={mode === 'create' ? undefined : selected?.docId}
            onSelect={(docId) =>
              leaveForm(() => {
                setSelected({ docId });
                setMode('view');
              }, mode !== 'view')
            }
            onRetry={() => void list.refetch()}
          />
        </div>
        <Panel aria-label="Document" className="lg:col-span-2">
          {mode !== 'create' && selected && detail.isPending ? (
            <SkeletonRows rows={6} label="Loading document" />
          ) : mode !== 'create' && selected && detail.isError && !detail.data ? (
            <ErrorState
              title="The document could not be opened."
              onRetry={() => void detail.refetch()}
              retrying={detail.isFetching}
            />
          ) : (
            <DocPane
              mode={mode}
              detail={selected ? detail.data : undefined}
              notices={notices}
              onModeChange={setMode}
              onSelect={setSelected}
              onDirtyChange={setFormDirty}
            />
          )}
        </Panel>
      </div>
      <ConfirmDialog
        open={pendingLeave !== undefined}
        title={DISCARD_TEXTS.title}
        message={DISCARD_TEXTS.message}
        confirmLabel={DISCARD_TEXTS.confirm}
        cancelLabel={DISCARD_TEXTS.cancel}
        onConfirm={() => {
          pendingLeave?.();
          setPendingLeave(undefined);
        }}
        onCancel={() => setPendingLeave(undefined)}
      />
    </>
  );
};
