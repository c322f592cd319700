import { WORKLIST_EXPORT_LIMIT } from '@portal/domain/worklist-api';
import { Button } from '../../../../components/ui/button';

const LIMIT_TEXT = WORKLIST_EXPORT_LIMIT.toLocaleString('en-US');

/**
 * 'Download CSV' of the filtered rows, every page of them: a plain link the server answers
 * with the file. Past the export's limit it says to narrow the list instead.
 */
export const WorklistExport = ({ href, total }: { href: string; total: number | undefined }) => {
  const tooMany = total !== undefined && total > WORKLIST_EXPORT_LIMIT;
  if (tooMany) {
    return (
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <Button aria-disabled="true" aria-describedby="worklist-export-note">
          Download CSV
        </Button>
        <p id="worklist-export-note" className="text-sm text-slate-600 sm:text-right">
          A download holds at most {LIMIT_TEXT} orders. Narrow the filters to download these.
        </p>
      </div>
    );
  }
  return (
    <Button asChild>
      <a href={href} download>
        Download CSV
      </a>
    </Button>
  );
};
