import type { ReactNode } from 'react';
import type { TStatusDuration } from '@portal/domain/analytics';
import { formatDays } from '@portal/domain/format';
import { ChartBox, ProcessingBars } from './lazy-bar-charts';

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
    <ChartBox className="h-80" />
  </ChartFrame>
);

/** 'Average Processing Time by Status', with the same figures as a table for screen readers. */
export const ProcessingChart = ({ rows }: { rows: TStatusDuration[] }) => (
  <ChartFrame>
    {rows.length === 0 ? (
      <p className="text-sm text-slate-600">No status has more than 5 orders in this period.</p>
    ) : (
      <>
        <ChartBox
          className="h-80"
          testId="processing-chart"
          chart={<ProcessingBars rows={rows} />}
        />
        {/* Wrapped: a table keeps its content width whatever its own class says, so a
            screen-reader-only table widened the page on a phone (issue 29). */}
        <div className="sr-only">
          <table>
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
        </div>
      </>
    )}
  </ChartFrame>
);
