import type { TUploadStatus } from '@portal/domain/documents-rules';
import { Button } from '../../../components/ui/button';
import { formatBytes } from '../lib/display';
import type { TUploadItem } from '../hooks/use-upload-queue';

const STATUS_TEXT: Record<TUploadStatus, string> = {
  ready: 'Ready',
  uploading: 'Uploading',
  processing: 'Processing',
  success: 'Uploaded',
  error: 'Failed',
};

const BAR_COLOUR: Record<TUploadStatus, string> = {
  ready: 'bg-slate-300',
  uploading: 'bg-brand-600',
  processing: 'bg-amber-500',
  success: 'bg-green-600',
  error: 'bg-red-600',
};

type TUploadFileRowProps = {
  item: TUploadItem;
  onRemove: (id: string) => void;
  disabled: boolean;
};

/** One file of the upload area: name, size, status and its own progress bar. */
export const UploadFileRow = ({ item, onRemove, disabled }: TUploadFileRowProps) => (
  <li className="rounded-lg border border-slate-200 p-3" data-testid="upload-item">
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{item.name}</p>
        <p className="text-xs text-slate-600">
          {formatBytes(item.size)} ·{' '}
          <span data-testid="upload-status" data-status={item.status}>
            {STATUS_TEXT[item.status]}
          </span>
        </p>
      </div>
      {item.status !== 'uploading' && item.status !== 'processing' && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onRemove(item.id)}
          disabled={disabled}
          aria-label={`Remove ${item.name}`}
        >
          Remove
        </Button>
      )}
    </div>
    <div
      role="progressbar"
      aria-label={`Upload progress of ${item.name}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={item.progress}
      aria-valuetext={`${item.progress}% · ${STATUS_TEXT[item.status]}`}
      className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
    >
      <div
        className={`h-full rounded-full transition-[width] ${BAR_COLOUR[item.status]}`}
        style={{ width: `${item.progress}%` }}
      />
    </div>
    {item.error && (
      <p className="mt-2 text-sm text-red-700" role="alert">
        {item.error}
      </p>
    )}
  </li>
);
