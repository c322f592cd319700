import { useId, useState, type DragEvent } from 'react';
import { DOCUMENT_LIMITS, formatBytes } from '@portal/domain/documents-rules';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const ACCEPT = DOCUMENT_LIMITS.extensions.map((extension) => `.${extension}`).join(',');
// The label is the visible button; the input inside it is hidden, so focus shows around it.
const focusWithin =
  'focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2 focus-within:outline-none';

type TDropZoneProps = {
  onFiles: (files: File[]) => void;
  disabled: boolean;
};

/** Drag and drop, or a file chooser; either hands the files to the upload list. */
export const DropZone = ({ onFiles, disabled }: TDropZoneProps) => {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) {
      onFiles(Array.from(event.dataTransfer.files));
    }
  };

  return (
    <div
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'rounded-xl border-2 border-dashed p-6 text-center transition-colors',
        over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50',
      )}
    >
      <p className="font-medium text-slate-800">Drag and drop files here, or</p>
      <label htmlFor={inputId} className={cn(buttonVariants(), 'mt-2 cursor-pointer', focusWithin)}>
        Choose files
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => {
            onFiles(Array.from(event.target.files ?? []));
            // The same file may be chosen again after it was removed.
            event.target.value = '';
          }}
        />
      </label>
      <p id={hintId} className="mt-2 text-xs text-slate-600">
        Up to {DOCUMENT_LIMITS.maxFiles} files, {formatBytes(DOCUMENT_LIMITS.maxFileBytes)} each:{' '}
        {DOCUMENT_LIMITS.extensions.join(', ')}
      </p>
    </div>
  );
};
