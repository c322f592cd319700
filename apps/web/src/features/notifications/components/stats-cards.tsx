import { formatDate } from '@portal/domain/format';
import type { TNotificationStatsResponse } from '@portal/domain/notifications-api';
import { CardList, CardListItem } from '../../../components/ui/card-list';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { FIGURES, STATS_COLUMNS, newestFirst } from './stats-table';

type TProps = { stats: TNotificationStatsResponse | undefined; loading: boolean };

const LABELS = STATS_COLUMNS.slice(1);

const Figures = ({ values }: { values: TNotificationStatsResponse['totals'] }) => (
  <dl className="grid grid-cols-4 gap-2">
    {FIGURES.map((figure, index) => (
      <div key={figure}>
        <dt className="text-xs text-slate-600">{LABELS[index]}</dt>
        <dd className="text-sm font-medium text-slate-900 tabular-nums">
          {values[figure].toLocaleString('en-US')}
        </dd>
      </div>
    ))}
  </dl>
);

/** The figures per day on phones (below md): the totals first, then one card per day. */
export const StatsCards = ({ stats, loading }: TProps) =>
  loading || !stats ? (
    <SkeletonRows
      rows={4}
      label="Loading notification statistics..."
      rowClassName="h-20 rounded-xl"
      className="md:hidden"
    />
  ) : (
    <CardList aria-label="Notifications per day, newest first">
      <CardListItem className="bg-slate-50 p-4" data-testid="stats-total-card">
        <p className="mb-2 font-semibold text-slate-900">Total</p>
        <Figures values={stats.totals} />
      </CardListItem>
      {newestFirst(stats.days).map((day) => (
        <CardListItem key={day.day} className="p-4" data-testid="stats-card">
          <p className="mb-2 font-medium text-slate-900">{formatDate(day.day)}</p>
          <Figures values={day} />
        </CardListItem>
      ))}
    </CardList>
  );
