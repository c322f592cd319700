import type { TPreviewResponse } from '@portal/domain/data-sync-catalogue-api';
import type { TMappingInput } from '@portal/domain/sync-mapping';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { usePreviewMapping } from '../../api/preview-mapping';
import { plural } from '../../lib/runs';
import { SampleTable } from '../sample-tables';

type TMappingPreviewProps = {
  /** 'Mapping 1', as the preview's parts are named. */
  name: string;
  /** The mapping as it reads now; previewed when the button is pressed. */
  mapping: () => TMappingInput;
};

/** Preview rows are arrays in column order; the sample table reads them by column name. */
export const previewRecords = (preview: Pick<TPreviewResponse, 'columns' | 'rows'>) =>
  preview.rows.map((row) =>
    Object.fromEntries(preview.columns.map((column, index) => [column, row[index] ?? null])),
  );

const PreviewResult = ({
  name,
  preview,
  stale,
}: {
  name: string;
  preview: TPreviewResponse;
  stale: boolean;
}) => (
  <div className="space-y-3" data-testid="mapping-preview">
    <p className="text-sm text-slate-800">
      <span className="font-semibold" data-testid="preview-count">
        {plural(preview.count, 'row')}
      </span>{' '}
      would be loaded
      {preview.rows.length < preview.count ? `; the first ${preview.rows.length} are shown.` : '.'}
      {stale && (
        <span className="text-slate-600"> The mapping changed since: preview it again.</span>
      )}
    </p>
    {preview.unknown_columns.length > 0 && (
      <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Not in the destination table, so a sync would fail on them:{' '}
        <strong>{preview.unknown_columns.join(', ')}</strong>
      </p>
    )}
    <details className="rounded-lg border border-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
        Compiled SQL
      </summary>
      <pre
        tabIndex={0}
        aria-label={`Compiled SQL of ${name.toLowerCase()}`}
        className="max-h-60 overflow-auto bg-slate-900 p-3 text-xs whitespace-pre-wrap text-slate-100"
      >
        {preview.sql}
      </pre>
    </details>
    <SampleTable
      label={`Preview rows of ${name.toLowerCase()}`}
      columns={preview.columns}
      rows={previewRecords(preview)}
    />
  </div>
);

/**
 * Preview: the SQL the mapping compiles to, how many rows it would load and the first 20,
 * from the warehouse, before anything is saved.
 */
export const MappingPreview = ({ name, mapping }: TMappingPreviewProps) => {
  const preview = usePreviewMapping();
  const [previewed, setPreviewed] = useState<string>();
  const current = JSON.stringify(mapping());
  return (
    <section aria-label={`Preview of ${name.toLowerCase()}`} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          aria-disabled={preview.isPending}
          aria-label={`Preview ${name.toLowerCase()}`}
          onClick={() => {
            if (preview.isPending) {
              return;
            }
            const body = mapping();
            setPreviewed(JSON.stringify(body));
            preview.mutate(body);
          }}
        >
          {preview.isPending ? 'Previewing…' : 'Preview'}
        </Button>
        <span className="text-sm text-slate-600">
          The first 20 rows, their count and the SQL, before saving.
        </span>
      </div>
      {/* Always there, so screen readers hear each change: running, then the count. */}
      <p role="status" className={preview.isPending ? 'text-sm text-slate-600' : 'sr-only'}>
        {preview.isPending
          ? 'Running the mapping in the warehouse…'
          : preview.isSuccess
            ? `Preview ready: ${plural(preview.data.count, 'row')} would be loaded.`
            : ''}
      </p>
      {preview.isError && <Alert tone="error">Preview failed: {preview.error.message}</Alert>}
      {preview.isSuccess && (
        <PreviewResult name={name} preview={preview.data} stale={previewed !== current} />
      )}
    </section>
  );
};
