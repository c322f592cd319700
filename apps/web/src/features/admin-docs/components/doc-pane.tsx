import { useState } from 'react';
import { ADMIN_DOC_MESSAGES, type TAdminDocDetailResponse } from '@portal/domain/admin-docs-api';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCreateAdminDoc } from '../api/create-admin-doc';
import { useDeleteAdminDoc } from '../api/delete-admin-doc';
import { useUpdateAdminDoc } from '../api/update-admin-doc';
import { failureText } from '../lib/display';
import type { TDocNotices } from '../lib/use-doc-notices';
import type { TPaneMode } from './admin-docs-page';
import { DocForm, type TDocFormValues } from './doc-form';
import { DocView } from './doc-view';

type TSelection = { docId: number; version?: number | undefined } | undefined;

type TProps = {
  mode: TPaneMode;
  detail: TAdminDocDetailResponse | undefined;
  notices: TDocNotices;
  onModeChange: (mode: TPaneMode) => void;
  onSelect: (selection: TSelection) => void;
  onDirtyChange: (dirty: boolean) => void;
};

/** The right pane: the form, the open document with its actions, or a prompt. */
export const DocPane = ({
  mode,
  detail,
  notices,
  onModeChange,
  onSelect,
  onDirtyChange,
}: TProps) => {
  const create = useCreateAdminDoc();
  const update = useUpdateAdminDoc();
  const remove = useDeleteAdminDoc();
  const [confirming, setConfirming] = useState(false);

  const payload = (values: TDocFormValues) => ({
    title: values.title,
    content: values.content,
    category: values.category,
    is_fixed: values.is_fixed,
    change_notes: values.change_notes.trim() === '' ? null : values.change_notes,
  });

  const save = async (values: TDocFormValues, baseVersion: number | undefined) => {
    notices.clear();
    if (mode === 'create') {
      try {
        const saved = await create.mutateAsync(payload(values));
        notices.showSuccess(ADMIN_DOC_MESSAGES.created);
        onSelect({ docId: saved.doc_id });
        onModeChange('view');
      } catch (error) {
        notices.showError(failureText(ADMIN_DOC_MESSAGES.createFailed, error));
      }
      return;
    }
    if (!detail || baseVersion === undefined) {
      return;
    }
    try {
      await update.mutateAsync({
        docId: detail.document.doc_id,
        input: { ...payload(values), expected_version: baseVersion },
      });
      notices.showSuccess(ADMIN_DOC_MESSAGES.updated);
      onSelect({ docId: detail.document.doc_id });
      onModeChange('view');
    } catch (error) {
      // The form stays open with the admin's text, so nothing typed is lost on a 409.
      notices.showError(failureText(ADMIN_DOC_MESSAGES.updateFailed, error));
    }
  };

  const confirmDelete = async () => {
    if (!detail) {
      return;
    }
    notices.clear();
    try {
      await remove.mutateAsync(detail.document.doc_id);
      notices.showSuccess(ADMIN_DOC_MESSAGES.deleted);
      onSelect(undefined);
    } catch (error) {
      notices.showError(failureText(ADMIN_DOC_MESSAGES.deleteFailed, error));
    } finally {
      setConfirming(false);
    }
  };

  if (mode === 'create' || (mode === 'edit' && detail)) {
    const editing = mode === 'edit' ? detail?.document : undefined;
    return (
      <DocForm
        key={editing ? `edit-${editing.doc_id}` : 'new'}
        editing={editing}
        saving={create.isPending || update.isPending}
        onSave={(values, baseVersion) => void save(values, baseVersion)}
        onCancel={() => onModeChange('view')}
        onDirtyChange={onDirtyChange}
      />
    );
  }
  if (!detail) {
    return (
      <p className="py-12 text-center text-slate-600">
        Select a document from the list to view it, or choose New Document to write one.
      </p>
    );
  }
  return (
    <>
      <DocView
        detail={detail}
        onOpenVersion={(version) => onSelect({ docId: detail.document.doc_id, version })}
        onEdit={() => {
          notices.clear();
          onModeChange('edit');
        }}
        onDelete={() => setConfirming(true)}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete documentation"
        message={ADMIN_DOC_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
};
