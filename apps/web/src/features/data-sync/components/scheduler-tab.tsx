import { IntegrityList } from './integrity-list';
import { SchedulerStatusCard } from './scheduler-status-card';
import { SchedulesTable } from './schedules-table';
import { UpcomingRuns } from './upcoming-runs';

/** Scheduler: status and control, upcoming runs, the schedules and the integrity checks. */
export const SchedulerTab = () => (
  <div className="space-y-6">
    <div className="grid gap-6 lg:grid-cols-2">
      <SchedulerStatusCard />
      <UpcomingRuns />
    </div>
    <SchedulesTable />
    <IntegrityList />
  </div>
);
