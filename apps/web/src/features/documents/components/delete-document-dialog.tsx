import type { TDocument } from '@portal/domain/documents';
import { DOCUMENT_MESSAGES } from '@portal/domain/documents-rules';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';

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
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => onConfirm(document)} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </>
    )}
  </Modal>
);
