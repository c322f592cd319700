import type { TWorklistResponse } from '@portal/domain/worklist-api';
import { Button } from '../../../../components/ui/button';
import { TableOrCards } from '../../../../components/ui/card-list';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ErrorState } from '../../../../components/ui/error-state';
import { Pager } from '../../../../components/ui/pager';
import { WorklistCards } from './worklist-cards';
import { WorklistTable, type TWorklistListProps } from './worklist-table';

type TWorklistResultsProps = Omit<TWorklistListProps, 'rows' | 'loading'> & {
  data: TWorklistResponse | undefined;
  /** The first answer is on its way: placeholder rows. */
  pending: boolean;
  /** A later answer (another page, sort or filter) is on its way: the rows stay, dimmed. */
  refreshing: boolean;
  error: string | undefined;
  onRetry: () => void;
  retrying: boolean;
  /** Shown as the empty list's way forward when filters narrow it. */
  onClearFilters: (() => void) | undefined;
  onPageChange: (page: number) => void;
};

/** The list's states: loading, failed, empty, or the rows with their pager. */
export const WorklistResults = ({
  data,
  pending,
  refreshing,
  error,
  onRetry,
  retrying,
  onClearFilters,
  onPageChange,
  ...list
}: TWorklistResultsProps) => {
  if (error !== undefined) {
    return (
      <ErrorState
        title="Failed to load the worklist"
        message={error}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  if (!pending && data?.orders.length === 0 && data.total > 0) {
    // A link to a page the list no longer reaches.
    return (
      <EmptyState
        title={`Page ${data.current_page} is past the end of the list.`}
        action={<Button onClick={() => onPageChange(1)}>Go to page 1</Button>}
      />
    );
  }
  if (!pending && data?.orders.length === 0) {
    return (
      <EmptyState
        title="No orders match these filters."
        text={onClearFilters ? 'Try another view, or clear the filters.' : 'Try another view.'}
        action={onClearFilters ? <Button onClick={onClearFilters}>Clear filters</Button> : null}
      />
    );
  }
  const rows = data?.orders ?? [];
  return (
    <div
      data-testid="worklist-results"
      aria-busy={refreshing || undefined}
      className={refreshing ? 'opacity-60 transition-opacity' : undefined}
    >
      <TableOrCards
        table={<WorklistTable rows={rows} loading={pending} {...list} />}
        cards={<WorklistCards rows={rows} loading={pending} {...list} />}
      />
      <Pager
        label="Worklist"
        page={data?.current_page ?? 1}
        pages={data?.pages ?? 0}
        onPageChange={onPageChange}
      />
    </div>
  );
};
