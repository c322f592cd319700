import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Modal } from '../../../components/ui/modal';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useDownloadDocument } from '../api/download-document';
import { useDocuments } from '../api/get-documents';
import { formatUploadedAt, typeLabel } from '../lib/display';
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
          {documents.isSuccess ? `${rows.length} on file` : ''}
        </p>
        <Button size="sm" onClick={() => setUploading(true)}>
          Upload documents
        </Button>
      </div>
      {documents.isError && (
        <ErrorState
          className="mb-2"
          title={documents.error.message}
          onRetry={() => void documents.refetch()}
          retrying={documents.isFetching}
        />
      )}
      {download.error && <Alert tone="error">{download.error.message}</Alert>}
      {documents.isPending && <SkeletonRows rows={2} label="Loading documents" />}
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
              <Button
                size="sm"
                onClick={() => download.mutate(document)}
                disabled={download.isPending}
                aria-label={`Download ${document.file_name}`}
              >
                Download
              </Button>
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
