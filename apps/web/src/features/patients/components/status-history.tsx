import { formatDate } from '@portal/domain/format';
import type { TStatusHistoryEntry } from '@portal/domain/order-lookup-api';
import { formatDays, orderStatusLabel } from '@portal/domain/order-status-labels';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useOrderLookup } from '../api/get-order-lookup';
import { apiErrorMessage } from '../lib/list-error';
import { DetailBlock, Missing } from './detail-block';

/** The statuses an order went through, newest first, each dated: entered, left, days. */
export const StatusHistory = ({ soNumber }: { soNumber: string | null }) => {
  const lookup = useOrderLookup(soNumber);
  const history = lookup.data?.history;
  return (
    <DetailBlock title="Status History">
      {soNumber === null ? (
        <Missing>No status history for an order without an SO number.</Missing>
      ) : lookup.isError ? (
        <ErrorState
          title="Failed to load status history"
          message={apiErrorMessage(lookup.error, 'Please try again.')}
          onRetry={() => void lookup.refetch()}
          retrying={lookup.isFetching}
        />
      ) : history === undefined ? (
        <SkeletonRows rows={3} label="Loading status history..." />
      ) : history.length === 0 ? (
        <Missing>No status history recorded.</Missing>
      ) : (
        <ol aria-label="Status history" className="space-y-3 border-l-2 border-slate-200 pl-4">
          {[...history].reverse().map((entry, index) => (
            <HistoryEntry
              key={`${entry.entered_at ?? ''}|${entry.status ?? ''}|${index}`}
              entry={entry}
            />
          ))}
        </ol>
      )}
    </DetailBlock>
  );
};

const HistoryEntry = ({ entry }: { entry: TStatusHistoryEntry }) => {
  const label = entry.label ?? orderStatusLabel(entry.status);
  const current = entry.exited_at === null;
  return (
    <li className="relative text-sm">
      <span
        aria-hidden="true"
        className={`absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ${current ? 'bg-brand-600' : 'bg-slate-400'}`}
      />
      <p className="font-medium text-slate-900">
        {label ?? entry.status ?? 'N/A'}
        {current && <span className="ml-2 text-xs font-normal text-brand-700">(current)</span>}
      </p>
      {label && entry.status ? <p className="text-xs text-slate-600">{entry.status}</p> : null}
      <p className="text-xs text-slate-600">
        Entered {formatDate(entry.entered_at)}
        {current ? '' : ` · Left ${formatDate(entry.exited_at)}`}
        {entry.days === null ? '' : ` · ${formatDays(entry.days)}`}
      </p>
    </li>
  );
};
