import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ANALYTICS_COLOURS, type TStatusDuration } from '@portal/domain/analytics';
import { formatDays } from '@portal/domain/format';

const TooltipBody = ({
  active,
  payload,
}: {
  active?: boolean;
  payload?: { payload: TStatusDuration }[];
}) => {
  const row = payload?.[0]?.payload;
  if (!active || !row) {
    return null;
  }
  return (
    <div className="rounded-md border border-slate-200 bg-white p-2 text-xs shadow">
      <p className="font-semibold text-slate-900">{row.status}</p>
      <p>Avg: {formatDays(row.avg_days)}</p>
      <p>Min: {formatDays(row.min_days)}</p>
      <p>Max: {formatDays(row.max_days)}</p>
      <p>Orders: {row.order_count.toLocaleString('en-US')}</p>
    </div>
  );
};

const ChartFrame = ({ children }: { children: ReactNode }) => (
  <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
    <figcaption className="mb-3 font-semibold text-slate-900">
      Average Processing Time by Status
    </figcaption>
    {children}
  </figure>
);

/** The chart's frame at its final size while the figures load, so nothing below it moves. */
export const ProcessingChartPlaceholder = () => (
  <ChartFrame>
    <div className="h-80 animate-pulse rounded bg-slate-100" />
  </ChartFrame>
);

/** 'Average Processing Time by Status', with the same figures as a table for screen readers. */
export const ProcessingChart = ({ rows }: { rows: TStatusDuration[] }) => (
  <ChartFrame>
    {rows.length === 0 ? (
      <p className="text-sm text-slate-600">No status has more than 5 orders in this period.</p>
    ) : (
      <>
        <div aria-hidden="true" className="h-80" data-testid="processing-chart">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={rows}
              margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis
                dataKey="status"
                angle={-30}
                textAnchor="end"
                interval={0}
                height={80}
                tick={{ fontSize: 11 }}
              />
              <YAxis label={{ value: 'Days', angle: -90, position: 'insideLeft' }} />
              <Tooltip content={<TooltipBody />} />
              <Bar dataKey="avg_days" name="Average days" fill={ANALYTICS_COLOURS.blue} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <table className="sr-only">
          <caption>Average processing time by status</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Average</th>
              <th scope="col">Minimum</th>
              <th scope="col">Maximum</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.status}>
                <th scope="row">{row.status}</th>
                <td>{formatDays(row.avg_days)}</td>
                <td>{formatDays(row.min_days)}</td>
                <td>{formatDays(row.max_days)}</td>
                <td>{row.order_count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    )}
  </ChartFrame>
);
