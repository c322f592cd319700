import type { TReorderExportScope } from '@portal/domain/analytics';
import { toolButtonClass } from '../../../components/ui/csv-tools';
import { useExportReorderCsv } from '../api/export-reorder-csv';
import { ErrorBox } from './panel-states';

/** 'Export CSV' of a reorder list; the server writes the file and audits it. */
export const ExportCsvButton = ({
  scope,
  label,
}: {
  scope: TReorderExportScope;
  /** 'Export CSV: what the file holds': the visible words first, so voice control finds it. */
  label: string;
}) => {
  const exporting = useExportReorderCsv();
  return (
    <div className="flex flex-col items-end gap-2">
      <button
        type="button"
        className={toolButtonClass}
        aria-label={label}
        disabled={exporting.isPending}
        onClick={() => exporting.mutate(scope)}
      >
        {exporting.isPending ? 'Exporting...' : 'Export CSV'}
      </button>
      {exporting.isError && <ErrorBox>Export failed: {exporting.error.message}</ErrorBox>}
    </div>
  );
};
