import { useEffect, useState } from 'react';
import { ADMIN_DOC_MESSAGES } from '@portal/domain/admin-docs-api';
import { Alert } from '../../../components/ui/alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { primaryButtonClass } from '../../../components/ui/styles';
import { useAdminDocs } from '../api/get-admin-docs';
import { useAdminDoc } from '../api/get-admin-doc';
import { useDocNotices } from '../lib/use-doc-notices';
import { DocList } from './doc-list';
import { DocPane } from './doc-pane';

export type TPaneMode = 'view' | 'create' | 'edit';

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
        <button
          type="button"
          className={`${primaryButtonClass} sm:w-auto`}
          onClick={() => {
            notices.clear();
            setMode('create');
          }}
        >
          New Document
        </button>
      </div>
      {notices.notice && <Alert tone={notices.notice.tone}>{notices.notice.text}</Alert>}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-1">
          <DocList
            documents={list.data?.documents}
            loading={list.isPending}
            failed={list.isError}
            selectedId={mode === 'create' ? undefined : selected?.docId}
            onSelect={(docId) => {
              setSelected({ docId });
              setMode('view');
            }}
            onRetry={() => void list.refetch()}
          />
        </div>
        <section
          aria-label="Document"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2"
        >
          {mode !== 'create' && selected && detail.isPending ? (
            <Spinner label="Loading document" />
          ) : (
            <DocPane
              mode={mode}
              detail={selected ? detail.data : undefined}
              notices={notices}
              onModeChange={setMode}
              onSelect={setSelected}
            />
          )}
        </section>
      </div>
    </>
  );
};
