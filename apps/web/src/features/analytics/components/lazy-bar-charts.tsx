import { lazy, Suspense, type ComponentType } from 'react';
import type * as charts from './bar-charts';

const loadCharts = () => import('./bar-charts');

/**
 * Starts the chart library's download. The analytics page calls it as it opens, so the
 * chunk travels in parallel with the figures' requests instead of after them.
 */
export const preloadCharts = () => {
  void loadCharts();
};

/** What a chart's box shows until the library is there: a grey block filling the same box. */
const ChartLoading = () => <div className="size-full animate-pulse rounded bg-slate-100" />;

/** One chart of bar-charts.tsx, drawn once its chunk is there. */
const lazyChart = <TProps extends object>(
  pick: (module: typeof charts) => ComponentType<TProps>,
) => {
  const Chart = lazy(() => loadCharts().then((module) => ({ default: pick(module) })));
  const LazyChart = (props: TProps) => (
    <Suspense fallback={<ChartLoading />}>
      <Chart {...props} />
    </Suspense>
  );
  return LazyChart;
};

export const ProcessingBars = lazyChart((module) => module.ProcessingBars);
export const StatusDurationBars = lazyChart((module) => module.StatusDurationBars);
export const CategoryBars = lazyChart((module) => module.CategoryBars);
