import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { useDownloadDocument } from '../api/download-document';
import { useDocuments } from '../api/get-documents';
import { formatUploadedAt, typeLabel } from '../lib/display';
import { buttonClass } from '../lib/ui-classes';
import { UploadArea } from './upload-area';

type TOrderDocumentsProps = {
  orderKey: string;
  soNumber: string | null;
  patientKey: string | null;
};

/** An order's documents on the dashboard's order detail, with an upload for that order. */
export const OrderDocuments = ({ orderKey, soNumber, patientKey }: TOrderDocumentsProps) => {
  const [uploading, setUploading] = useState(false);
  const documents = useDocuments({ page: 1, perPage: 50, orderKey });
  const download = useDownloadDocument();
  const rows = documents.data?.documents ?? [];
  const label = soNumber ?? orderKey;

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {documents.isPending ? 'Loading documents...' : `${rows.length} on file`}
        </p>
        <button type="button" className={buttonClass} onClick={() => setUploading(true)}>
          Upload documents
        </button>
      </div>
      {documents.isError && <Alert tone="error">{documents.error.message}</Alert>}
      {download.error && <Alert tone="error">{download.error.message}</Alert>}
      {rows.length > 0 && (
        <ul className="divide-y divide-slate-100" aria-label={`Documents of order ${label}`}>
          {rows.map((document) => (
            <li
              key={document.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium text-slate-900">{document.file_name}</p>
                <p className="text-slate-600">
                  {typeLabel(document)} · {document.uploaded_by} ·{' '}
                  {formatUploadedAt(document.created_at)}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass}
                onClick={() => download.mutate(document)}
                disabled={download.isPending}
                aria-label={`Download ${document.file_name}`}
              >
                Download
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={uploading}
        onOpenChange={setUploading}
        title={`Upload documents for order ${label}`}
        size="lg"
      >
        <UploadArea order={{ orderKey, patientKey, label }} />
      </Modal>
    </div>
  );
};
