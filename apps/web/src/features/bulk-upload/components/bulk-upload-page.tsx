import { useState, type SubmitEvent } from 'react';
import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_MESSAGES,
  CSV_FILE_MESSAGES,
  PAYOR_SCOPED_ROLES,
  isCsvFileName,
} from '@portal/domain/bulk-users';
import { DEFAULT_ACCESS_DELIVERY, type TAccessDelivery } from '@portal/domain/first-access';
import { AccessDeliveryChoice } from '../../../components/access-delivery';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CsvFilePicker, UploadProgress } from '../../../components/ui/csv-tools';
import { PageHeading } from '../../../components/ui/page-heading';
import { Panel } from '../../../components/ui/panel';
import { ApiError } from '../../../lib/api-client';
import { useDownloadBulkTemplate } from '../api/download-template';
import { useUploadUsers } from '../api/upload-users';
import { BulkResults } from './bulk-results';

/** The server's own words for a refused file (too large, bad header), else the spec's. */
const uploadMessage = (error: Error) =>
  error instanceof ApiError && error.serverError && error.status < 500
    ? error.serverError
    : BULK_UPLOAD_MESSAGES.uploadFailed;

/** /admin/bulk-upload: instructions, template, the file, and each row's outcome. */
export const BulkUploadPage = () => {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const [delivery, setDelivery] = useState<TAccessDelivery>(DEFAULT_ACCESS_DELIVERY);
  const template = useDownloadBulkTemplate();
  const upload = useUploadUsers(setPercent);

  const choose = (next: File | null) => {
    setFile(next);
    upload.reset();
    setFileError(next && !isCsvFileName(next.name) ? CSV_FILE_MESSAGES.selectCsv : null);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setFileError(CSV_FILE_MESSAGES.selectFile);
      return;
    }
    if (!isCsvFileName(file.name)) {
      setFileError(CSV_FILE_MESSAGES.selectCsv);
      return;
    }
    setFileError(null);
    setPercent(0);
    upload.mutate({ file, delivery });
  };

  return (
    <>
      <PageHeading title="Bulk User Upload" />
      <Panel aria-labelledby="bulk-instructions" className="mb-6">
        <h2 id="bulk-instructions" className="mb-2 text-lg font-semibold text-slate-900">
          Instructions
        </h2>
        <ol className="mb-4 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Download the template and fill in one user per row.</li>
          <li>
            Columns: {BULK_UPLOAD_COLUMNS.join(', ')}. Email is required; give a role name or a
            role_id (admin=1, case_manager_admin=2, case_manager=3, patient=4, customer_service=5).
          </li>
          <li>
            Rows with the role {PAYOR_SCOPED_ROLES.slice(0, -1).join(', ')} or{' '}
            {PAYOR_SCOPED_ROLES.at(-1)} need a payor_key: the key of an existing payor.
          </li>
          <li>Up to 5,000 rows and 2 MB per file. Each row succeeds or fails on its own.</li>
          <li>
            New users get an invitation email to choose their password, or a temporary password that
            they must change at first sign-in.
          </li>
        </ol>
        <Button disabled={template.isPending} onClick={() => template.mutate()}>
          {template.isPending ? 'Downloading...' : 'Download Template'}
        </Button>
        {template.isError && (
          <div className="mt-3">
            <Alert tone="error">{BULK_UPLOAD_MESSAGES.templateFailed}</Alert>
          </div>
        )}
      </Panel>
      <Panel asChild className="mb-6">
        <form onSubmit={submit} aria-labelledby="bulk-upload-heading" noValidate>
          <h2 id="bulk-upload-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Upload Users
          </h2>
          <AccessDeliveryChoice
            name="bulk-delivery"
            value={delivery}
            onChange={setDelivery}
            disabled={upload.isPending}
          />
          <CsvFilePicker file={file} onChange={choose} disabled={upload.isPending} />
          {fileError && <Alert tone="error">{fileError}</Alert>}
          {upload.isError && <Alert tone="error">{uploadMessage(upload.error)}</Alert>}
          {upload.isPending && <UploadProgress percent={percent} />}
          <Button type="submit" variant="primary" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload Users'}
          </Button>
        </form>
      </Panel>
      {upload.data && <BulkResults results={upload.data} />}
    </>
  );
};
