import type { TAuditListResponse } from '@portal/domain/audit-api';
import { TableOrCards } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { AuditCards } from './audit-cards';
import { AuditTable } from './audit-table';

type TAuditListProps = {
  data: TAuditListResponse | undefined;
  loading: boolean;
  error: string | undefined;
  onPageChange: (page: number) => void;
  /** Loads the page again after an error. */
  onRetry?: () => void;
  retrying?: boolean;
};

/**
 * 'Entries (n)', the rows as a table or cards (only the one that shows is drawn), and the
 * pager; placeholders while loading, or why there are none.
 */
export const AuditList = ({
  data,
  loading,
  error,
  onPageChange,
  onRetry,
  retrying,
}: TAuditListProps) => {
  const rows = data?.rows ?? [];
  const empty = !loading && !error && rows.length === 0;
  return (
    <Panel aria-labelledby="audit-list-title">
      <h2 id="audit-list-title" className="mb-3 text-lg font-semibold text-slate-900">
        Entries ({data?.total ?? 0})
      </h2>
      {error ? (
        <ErrorState
          title="Failed to load the audit trail"
          message={error}
          onRetry={onRetry}
          retrying={retrying}
        />
      ) : empty ? (
        <EmptyState
          title="No audit entries match these filters"
          text="Try a wider date range, or clear the filters."
        />
      ) : (
        <TableOrCards
          table={<AuditTable rows={rows} loading={loading} />}
          cards={<AuditCards rows={rows} loading={loading} />}
        />
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
    </Panel>
  );
};
