import type { TNotificationStatsResponse } from '@portal/domain/notifications-api';
import { Panel } from '../../../components/ui/panel';
import { Skeleton } from '../../../components/ui/skeleton';

type TProps = { users: TNotificationStatsResponse['users'] | undefined; loading: boolean };

const FIGURES = [
  { key: 'email', label: 'Users who get email' },
  { key: 'in_app_only', label: 'Users in the portal only' },
] as const;

/** How many users hear about anything by email, and how many in the portal only. */
export const StatsUsers = ({ users, loading }: TProps) => (
  <Panel aria-labelledby="notification-stats-users">
    <h2 id="notification-stats-users" className="mb-3 text-lg font-semibold text-slate-900">
      Users
    </h2>
    <dl className="grid gap-4 sm:grid-cols-2">
      {FIGURES.map(({ key, label }) => (
        <div key={key} className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
            {loading || !users ? (
              <Skeleton className="h-8 w-16" />
            ) : (
              users[key].toLocaleString('en-US')
            )}
          </dd>
        </div>
      ))}
    </dl>
  </Panel>
);
