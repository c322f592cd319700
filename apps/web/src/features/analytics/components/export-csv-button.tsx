import type { TReorderExportScope } from '@portal/domain/analytics';
import { Button } from '../../../components/ui/button';
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
      <Button
        aria-label={label}
        disabled={exporting.isPending}
        onClick={() => exporting.mutate(scope)}
      >
        {exporting.isPending ? 'Exporting...' : 'Export CSV'}
      </Button>
      {exporting.isError && <ErrorBox>Export failed: {exporting.error.message}</ErrorBox>}
    </div>
  );
};
