import { useId, type ReactNode } from 'react';
import { Label } from './field';
import { Table, TBody, TH, THead, TR } from './table';

/** The .csv file chooser: a labelled native input, so keyboards and screen readers know it. */
export const CsvFilePicker = ({
  file,
  onChange,
  disabled,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}) => {
  const id = useId();
  return (
    <div className="mb-4">
      <Label htmlFor={id}>CSV file</Label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block w-full max-w-md text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      {file && (
        <p className="mt-1 text-xs text-slate-600">
          {file.name} ({Math.max(1, Math.round(file.size / 1024)).toLocaleString()} KB)
        </p>
      )}
    </div>
  );
};

/** Sent-bytes progress, then a spinner-free 'Processing' while the server works. */
export const UploadProgress = ({ percent }: { percent: number }) => (
  <div className="mb-4 max-w-md">
    <progress
      className="h-2 w-full accent-brand-600"
      max={100}
      value={percent}
      aria-label="Upload progress"
    />
    <p className="mt-1 text-xs text-slate-600" aria-live="polite">
      {percent < 100 ? `Uploading... ${percent}%` : 'Processing rows...'}
    </p>
  </div>
);

/**
 * A results table that scrolls inside its own box, both ways: on a phone it keeps a
 * readable width (emails on one line) and scrolls sideways instead of squeezing every
 * column. The box is a focusable region, so keyboard users can scroll it too.
 */
export const ScrollTable = ({
  label,
  columns,
  children,
}: {
  label: string;
  columns: string[];
  children: ReactNode;
}) => (
  <div
    role="region"
    aria-label={label}
    tabIndex={0}
    className="max-h-80 overflow-auto rounded-lg ring-1 ring-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
  >
    {/* The region scrolls both ways, so the table's own sideways box is switched off and
        the sticky headings stick to the region. */}
    <Table wrapperClassName="overflow-visible" className="min-w-[40rem]">
      <caption className="sr-only">{label}</caption>
      <THead>
        <TR>
          {columns.map((column) => (
            <TH key={column} className="sticky top-0 z-10">
              {column}
            </TH>
          ))}
        </TR>
      </THead>
      {/* A wrapped error message keeps its row's other cells at the top beside it. */}
      <TBody className="[&>tr>td]:align-top">{children}</TBody>
    </Table>
  </div>
);

/** One count in a results summary. */
export const Stat = ({
  label,
  value,
  tone = 'slate',
}: {
  label: string;
  value: number;
  tone?: 'slate' | 'green' | 'red';
}) => {
  const tones = { slate: 'text-slate-900', green: 'text-green-700', red: 'text-red-700' };
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={`text-2xl font-bold ${tones[tone]}`}>{value.toLocaleString()}</dd>
    </div>
  );
};
