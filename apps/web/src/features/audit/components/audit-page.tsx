import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { useAuditTrail } from '../api/get-audit-trail';
import { useDownloadAuditCsv } from '../api/download-audit-csv';
import { EMPTY_FILTERS, type TAuditFilterForm } from '../lib/filters';
import { AuditFilterForm } from './audit-filter-form';
import { AuditList } from './audit-list';

/** /admin/audit: who read what and when, filtered, paged, and downloadable as CSV. */
export const AuditPage = () => {
  const [filters, setFilters] = useState<TAuditFilterForm>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const trail = useAuditTrail({ filters, page });
  const download = useDownloadAuditCsv();

  const apply = (next: TAuditFilterForm) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeading title="Audit Trail" />
        <Button disabled={download.isPending} onClick={() => download.mutate(filters)}>
          {download.isPending ? 'Preparing CSV...' : 'Download CSV'}
        </Button>
      </div>
      {download.error && <Alert tone="error">{download.error.message}</Alert>}
      <AuditFilterForm initial={filters} onApply={apply} />
      <AuditList
        data={trail.data}
        loading={trail.isPending || trail.isPlaceholderData}
        error={trail.error?.message}
        onPageChange={setPage}
        onRetry={() => void trail.refetch()}
        retrying={trail.isFetching}
      />
    </>
  );
};
