import { useState, type SubmitEvent } from 'react';
import { DOCUMENT_LIMITS, ORDER_NUMBER_EXAMPLE } from '@portal/domain/documents-rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { DropZone } from './drop-zone';
import { UploadFileRow } from './upload-file-row';

type TUploadAreaProps = {
  /** Set when uploading from an order's detail: the order is known, no typing needed. */
  order?: { orderKey: string; patientKey: string | null; label: string };
  onUploaded?: () => void;
};

/** Files for one order: an order number or patient name, the files, and Upload. */
export const UploadArea = ({ order, onUploaded }: TUploadAreaProps) => {
  const queue = useUploadQueue();
  const [identifier, setIdentifier] = useState(order?.label ?? '');
  const [description, setDescription] = useState('');
  const waiting = queue.items.filter((item) => item.status !== 'success').length;
  const done = queue.items.length > 0 && waiting === 0;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const failed = await queue.uploadAll({
      orderIdentifier: identifier.trim(),
      description: description.trim(),
      ...(order ? { orderKey: order.orderKey } : {}),
      ...(order?.patientKey ? { patientKey: order.patientKey } : {}),
    });
    if (failed === 0) {
      setDescription('');
      onUploaded?.();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Upload documents">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Order number or patient name">
          {(control) => (
            <Input
              {...control}
              value={identifier}
              onChange={(event) => setIdentifier(event.target.value)}
              readOnly={order !== undefined}
              maxLength={DOCUMENT_LIMITS.maxIdentifierLength}
              required
              autoComplete="off"
              spellCheck={false}
              placeholder={`${ORDER_NUMBER_EXAMPLE} or Jane Smith`}
            />
          )}
        </Field>
        <Field label="Description (optional)">
          {(control) => (
            <Input
              {...control}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={DOCUMENT_LIMITS.maxDescriptionLength}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <div className="mt-4">
        <DropZone onFiles={queue.add} disabled={queue.busy} />
      </div>
      {queue.errors.length > 0 && (
        <div className="mt-4">
          <Alert tone="error">
            <ul className="space-y-1" data-testid="upload-errors">
              {queue.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
      {done && (
        <div className="mt-4">
          <Alert tone="success">
            {queue.items.length === 1 ? 'File uploaded.' : `${queue.items.length} files uploaded.`}
          </Alert>
        </div>
      )}
      {queue.items.length > 0 && (
        <ul className="mt-4 space-y-2" aria-label="Files to upload">
          {queue.items.map((item) => (
            <UploadFileRow
              key={item.id}
              item={item}
              onRemove={queue.remove}
              disabled={queue.busy}
            />
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <Button type="submit" variant="primary" disabled={queue.busy || waiting === 0}>
          {queue.busy
            ? 'Uploading...'
            : `Upload${waiting > 0 ? ` ${waiting} ${waiting === 1 ? 'file' : 'files'}` : ''}`}
        </Button>
      </div>
    </form>
  );
};
