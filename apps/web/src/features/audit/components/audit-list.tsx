import type { TAuditListResponse } from '@portal/domain/audit-api';
import { Alert } from '../../../components/ui/alert';
import { Pager } from '../../../components/ui/pager';
import { useWideScreen } from '../../../lib/use-wide-screen';
import { panelClass } from '../lib/ui-classes';
import { AuditCards } from './audit-cards';
import { AuditTable } from './audit-table';

type TAuditListProps = {
  data: TAuditListResponse | undefined;
  loading: boolean;
  error: string | undefined;
  onPageChange: (page: number) => void;
};

/**
 * 'Entries (n)', the rows as a table or cards (only the one that shows is drawn), and the
 * pager; or why there are none.
 */
export const AuditList = ({ data, loading, error, onPageChange }: TAuditListProps) => {
  const rows = data?.rows ?? [];
  const empty = !loading && !error && rows.length === 0;
  const wide = useWideScreen();
  return (
    <section aria-labelledby="audit-list-title" className={panelClass}>
      <h2 id="audit-list-title" className="mb-3 text-lg font-semibold text-slate-900">
        Entries ({data?.total ?? 0})
      </h2>
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : empty ? (
        <p className="py-8 text-center text-slate-600">No audit entries match these filters</p>
      ) : (
        <>
          {wide !== false && <AuditTable rows={rows} loading={loading} />}
          {wide !== true && <AuditCards rows={rows} loading={loading} />}
        </>
      )}
      {!error && data && (
        <Pager
          label="Audit trail"
          page={data.current_page}
          pages={data.pages}
          onPageChange={onPageChange}
          disabled={loading}
        />
      )}
    </section>
  );
};
