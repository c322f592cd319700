import { useState, type SubmitEvent } from 'react';
import { CSV_FILE_MESSAGES, isCsvFileName } from '@portal/domain/bulk-users';
import {
  PORTAL_ACTIVATION_MESSAGES,
  type TActivationResults,
} from '@portal/domain/portal-activation-api';
import type { TAccessDelivery } from '@portal/domain/first-access';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CsvFilePicker, UploadProgress } from '../../../components/ui/csv-tools';
import { ApiError } from '../../../lib/api-client';
import { useActivateFromCsv } from '../api/activate-patients';
import { useDownloadActivationTemplate } from '../api/download-template';

/** CSV Upload: instructions, the template, the file and 'Upload & Activate'. */
export const CsvTab = ({
  onResults,
  delivery,
}: {
  onResults: (results: TActivationResults) => void;
  delivery: TAccessDelivery;
}) => {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const template = useDownloadActivationTemplate();
  const upload = useActivateFromCsv(setPercent);

  const choose = (next: File | null) => {
    setFile(next);
    upload.reset();
    setFileError(next && !isCsvFileName(next.name) ? CSV_FILE_MESSAGES.selectCsv : null);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = !file
      ? CSV_FILE_MESSAGES.selectFile
      : !isCsvFileName(file.name)
        ? CSV_FILE_MESSAGES.selectCsv
        : null;
    setFileError(problem);
    if (!file || problem) {
      return;
    }
    setPercent(0);
    upload.mutate({ file, delivery }, { onSuccess: onResults });
  };

  const uploadError =
    upload.error instanceof ApiError && upload.error.serverError
      ? upload.error.serverError
      : PORTAL_ACTIVATION_MESSAGES.uploadFailed;

  return (
    <form onSubmit={submit} noValidate>
      <h2 className="mb-2 text-lg font-semibold text-slate-900">Activate by CSV</h2>
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          One patient per row. The email column is required and must match the patient record.
        </li>
        <li>
          patient_id and payor_key are optional; when given they must match the patient, and
          patient_id tells apart patients who share an email.
        </li>
        <li>
          Up to 5,000 rows and 2 MB. Each patient gets an invitation email or a temporary password,
          as chosen above.
        </li>
      </ul>
      <Button className="mb-4" disabled={template.isPending} onClick={() => template.mutate()}>
        {template.isPending ? 'Downloading...' : 'Download CSV Template'}
      </Button>
      {template.isError && <Alert tone="error">{PORTAL_ACTIVATION_MESSAGES.templateFailed}</Alert>}
      <CsvFilePicker file={file} onChange={choose} disabled={upload.isPending} />
      {fileError && <Alert tone="error">{fileError}</Alert>}
      {upload.isError && <Alert tone="error">{uploadError}</Alert>}
      {upload.isPending && <UploadProgress percent={percent} />}
      <Button type="submit" variant="primary" disabled={upload.isPending}>
        {upload.isPending ? 'Uploading...' : 'Upload & Activate'}
      </Button>
    </form>
  );
};
