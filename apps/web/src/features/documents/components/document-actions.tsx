import type { TDocument } from '@portal/domain/documents';
import { Button } from '../../../components/ui/button';

export type TDocumentActionsProps = {
  document: TDocument;
  onDownload: (document: TDocument) => void;
  /** Absent for users without delete_documents: no button at all. */
  onDelete?: ((document: TDocument) => void) | undefined;
  downloading: boolean;
};

/** Download, and Delete for those who may. */
export const DocumentActions = ({
  document,
  onDownload,
  onDelete,
  downloading,
}: TDocumentActionsProps) => (
  <div className="flex flex-wrap gap-2">
    <Button
      size="sm"
      onClick={() => onDownload(document)}
      disabled={downloading}
      aria-label={`Download ${document.file_name}`}
    >
      Download
    </Button>
    {onDelete && (
      <Button
        size="sm"
        variant="danger"
        onClick={() => onDelete(document)}
        aria-label={`Delete ${document.file_name}`}
      >
        Delete
      </Button>
    )}
  </div>
);
