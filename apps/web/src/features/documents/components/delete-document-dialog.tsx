import type { TDocument } from '@portal/domain/documents';
import { DOCUMENT_MESSAGES } from '@portal/domain/documents-rules';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { buttonClass } from '../lib/ui-classes';

type TDeleteDocumentDialogProps = {
  document: TDocument | undefined;
  deleting: boolean;
  error: string | undefined;
  onConfirm: (document: TDocument) => void;
  onClose: () => void;
};

/** Asks before a document is deleted; nothing is deleted without the second click. */
export const DeleteDocumentDialog = ({
  document,
  deleting,
  error,
  onConfirm,
  onClose,
}: TDeleteDocumentDialogProps) => (
  <Modal
    open={document !== undefined}
    onOpenChange={(open) => !open && onClose()}
    title="Delete document"
    size="sm"
  >
    {document && (
      <>
        {error && <Alert tone="error">{error}</Alert>}
        <p className="text-slate-800">{DOCUMENT_MESSAGES.deleteConfirm(document.file_name)}</p>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onClose} disabled={deleting}>
            Cancel
          </button>
          <button
            type="button"
            className="inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-400"
            onClick={() => onConfirm(document)}
            disabled={deleting}
          >
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </>
    )}
  </Modal>
);
