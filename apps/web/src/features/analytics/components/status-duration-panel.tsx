import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ANALYTICS_LIMITS, statusKeywordColour } from '@portal/domain/analytics';
import { formatDays } from '@portal/domain/format';
import { useStatusDuration } from '../api/get-status-duration';
import { ErrorBox, LoadingPlaceholder } from './panel-states';

/**
 * The status-duration panel (staff-tools.md section 2): average days per status,
 * coloured by keyword; nothing at all when there is no data. Its days state starts at
 * 90 and has no control on screen, as the spec has it.
 */
export const StatusDurationPanel = () => {
  const [days] = useState<number>(ANALYTICS_LIMITS.defaultStatusDurationDays);
  const query = useStatusDuration(days);
  if (query.isPending) {
    return <LoadingPlaceholder label="Loading time per status..." height="h-72" />;
  }
  if (query.isError) {
    return <ErrorBox>Error loading analytics: {query.error.message}</ErrorBox>;
  }
  // Each bar's colour rides on its row: Recharts fills a bar with its entry's `fill`.
  const rows = query.data.statuses
    .slice(0, ANALYTICS_LIMITS.chartTop)
    .map((row) => ({ ...row, fill: statusKeywordColour(row.name) }));
  if (rows.length === 0) {
    return null;
  }
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="mb-3 font-semibold text-slate-900">
        Average Time in Each Status (last {days} days)
      </figcaption>
      <div aria-hidden="true" className="h-72" data-testid="status-duration-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={rows}
            layout="vertical"
            margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" label={{ value: 'Days', position: 'insideBottom', offset: -4 }} />
            <YAxis type="category" dataKey="name" width={180} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(value) => formatDays(typeof value === 'number' ? value : null)} />
            <Bar dataKey="avg_duration_days" name="Average time" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
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
    </figure>
  );
};
