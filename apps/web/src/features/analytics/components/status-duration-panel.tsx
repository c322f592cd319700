import { useState, type ReactNode } from 'react';
import { ANALYTICS_LIMITS, statusKeywordColour } from '@portal/domain/analytics';
import { formatDays } from '@portal/domain/format';
import { useStatusDuration } from '../api/get-status-duration';
import { ChartBox, StatusDurationBars } from './lazy-bar-charts';
import { ErrorBox } from './panel-states';

const Frame = ({ days, children }: { days: number; children: ReactNode }) => (
  <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
    <figcaption className="mb-3 font-semibold text-slate-900">
      Average Time in Each Status (last {days} days)
    </figcaption>
    {children}
  </figure>
);

/**
 * The status-duration panel (staff-tools.md section 2): average days per status,
 * coloured by keyword; nothing at all when there is no data. Its days state starts at
 * 90 and has no control on screen, as the spec has it.
 */
export const StatusDurationPanel = () => {
  const [days] = useState<number>(ANALYTICS_LIMITS.defaultStatusDurationDays);
  const query = useStatusDuration(days);
  if (query.isPending) {
    // The figure at its final size, so the page does not move when the figures arrive.
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Loading time per status...</span>
        <div aria-hidden="true">
          <Frame days={days}>
            <ChartBox className="h-72" />
          </Frame>
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorBox onRetry={() => void query.refetch()} retrying={query.isFetching}>
        Error loading analytics: {query.error.message}
      </ErrorBox>
    );
  }
  // Each bar's colour rides on its row: Recharts fills a bar with its entry's `fill`.
  const rows = query.data.statuses
    .slice(0, ANALYTICS_LIMITS.chartTop)
    .map((row) => ({ ...row, fill: statusKeywordColour(row.name) }));
  if (rows.length === 0) {
    return null;
  }
  return (
    <Frame days={days}>
      <ChartBox
        className="h-72"
        testId="status-duration-chart"
        chart={<StatusDurationBars rows={rows} />}
      />
      {/* Wrapped: a table keeps its content width whatever its own class says, so a
          screen-reader-only table widened the page on a phone (issue 29). */}
      <div className="sr-only">
        <table>
          <caption>Average time in each status</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Average time</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td>{formatDays(row.avg_duration_days)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Frame>
  );
};
