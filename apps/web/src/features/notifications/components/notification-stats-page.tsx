import { useSearchParams } from 'react-router';
import { NOTIFICATION_LIMITS } from '@portal/domain/notifications-api';
import { TableOrCards } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Label } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { Panel } from '../../../components/ui/panel';
import { Select } from '../../../components/ui/select';
import { useNotificationStats } from '../api/get-notification-stats';
import { StatsCards } from './stats-cards';
import { FIGURES, StatsTable } from './stats-table';
import { StatsUsers } from './stats-users';

export const STATS_PERIODS = [7, 30, 90] as const;

const readPeriod = (text: string | null) =>
  STATS_PERIODS.find((days) => String(days) === text) ?? NOTIFICATION_LIMITS.statsDays.default;

/**
 * /admin/notifications: how many notifications went out per day, in the portal and by email,
 * and how many mails failed or bounced; who hears by email. The period is in the address.
 */
export const NotificationStatsPage = () => {
  const [params, setParams] = useSearchParams();
  const days = readPeriod(params.get('days'));
  const stats = useNotificationStats(days);
  const loading = stats.isPending || stats.isPlaceholderData;
  const empty =
    stats.data !== undefined && FIGURES.every((figure) => stats.data.totals[figure] === 0);

  return (
    <>
      <PageHeading title="Notification Statistics" />
      <div className="mb-4 w-48">
        <Label htmlFor="notification-stats-period">Period</Label>
        <Select
          id="notification-stats-period"
          value={days}
          onChange={(event) =>
            setParams({ days: event.target.value }, { replace: true, preventScrollReset: true })
          }
        >
          {STATS_PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </Select>
      </div>
      {stats.isError && !stats.data ? (
        <ErrorState
          title="Failed to load notification statistics"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : (
        <div className="max-w-4xl space-y-6">
          <StatsUsers users={stats.data?.users} loading={loading} />
          <Panel aria-labelledby="notification-stats-days">
            <h2 id="notification-stats-days" className="mb-3 text-lg font-semibold text-slate-900">
              Per day
            </h2>
            {!loading && empty ? (
              <EmptyState
                title="No notifications in this period"
                text="Notifications are made when a sync finds an order that moved."
              />
            ) : (
              <TableOrCards
                table={<StatsTable stats={stats.data} loading={loading} />}
                cards={<StatsCards stats={stats.data} loading={loading} />}
              />
            )}
          </Panel>
        </div>
      )}
    </>
  );
};
