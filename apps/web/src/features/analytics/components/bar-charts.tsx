import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TStatusDuration } from '@portal/domain/analytics';
import { ANALYTICS_COLOURS } from '@portal/domain/analytics';
import { formatDays } from '@portal/domain/format';

/**
 * The analytics charts' drawings, the only code that imports Recharts: this module is a
 * chunk of its own (lazy-bar-charts.tsx), so the page's headings, cards and tables draw
 * without waiting for the chart library. Bars are drawn at once, without the entry
 * animation, which would redraw the chart on every frame of the page's first second.
 */

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

/** Average processing days per status, one bar each. */
export const ProcessingBars = ({ rows }: { rows: TStatusDuration[] }) => (
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
      <Bar
        dataKey="avg_days"
        name="Average days"
        fill={ANALYTICS_COLOURS.blue}
        isAnimationActive={false}
      />
    </BarChart>
  </ResponsiveContainer>
);

export type TStatusDurationBar = { name: string; avg_duration_days: number | null; fill: string };

/** Average days in each status, horizontal bars in each row's own colour. */
export const StatusDurationBars = ({ rows }: { rows: TStatusDurationBar[] }) => (
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
      <Bar dataKey="avg_duration_days" name="Average time" isAnimationActive={false} />
    </BarChart>
  </ResponsiveContainer>
);

export type TCategoryBar = {
  category: string;
  avg_reorder_days: number | null;
  patient_count: number;
};

/** Average reorder days (left axis) beside patient count (right axis) per category. */
export const CategoryBars = ({ rows }: { rows: TCategoryBar[] }) => (
  <ResponsiveContainer width="100%" height="100%">
    <BarChart
      accessibilityLayer={false}
      data={rows}
      margin={{ top: 8, right: 16, bottom: 48, left: 8 }}
    >
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis
        dataKey="category"
        angle={-20}
        textAnchor="end"
        interval={0}
        height={60}
        tick={{ fontSize: 11 }}
      />
      <YAxis yAxisId="days" label={{ value: 'Days', angle: -90, position: 'insideLeft' }} />
      <YAxis
        yAxisId="patients"
        orientation="right"
        label={{ value: 'Patients', angle: 90, position: 'insideRight' }}
      />
      <Tooltip />
      <Legend />
      <Bar
        yAxisId="days"
        dataKey="avg_reorder_days"
        name="Avg reorder days"
        fill={ANALYTICS_COLOURS.blue}
        isAnimationActive={false}
      />
      <Bar
        yAxisId="patients"
        dataKey="patient_count"
        name="Patients"
        fill={ANALYTICS_COLOURS.green}
        isAnimationActive={false}
      />
    </BarChart>
  </ResponsiveContainer>
);
