import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';
import type * as charts from './bar-charts';

const loadCharts = () => import('./bar-charts');

/** What a chart's box shows until it is drawn: a grey block filling the same box. */
const ChartLoading = () => <div className="size-full animate-pulse rounded bg-slate-100" />;

/**
 * A chart's box, at its final size from the first render. The chart library (a chunk of
 * its own, bar-charts.tsx) is fetched once a box with a chart comes within a short scroll
 * of the screen, and the chart is drawn only then: on a phone the charts sit below the
 * first screen, whose drawing they no longer hold up. Without a chart (while the figures
 * load) it stays grey and fetches nothing: on a phone the loading layout is shorter than
 * the loaded one, and its box sat on the first screen although the chart would not.
 */
export const ChartBox = ({
  className,
  testId,
  chart,
}: {
  className: string;
  testId?: string;
  chart?: ReactNode;
}) => {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const drawn = near && chart !== undefined;
  useEffect(() => {
    if (drawn) {
      void loadCharts();
    }
  }, [drawn]);
  return (
    <div ref={box} aria-hidden="true" className={className} data-testid={testId}>
      {drawn ? <Suspense fallback={<ChartLoading />}>{chart}</Suspense> : <ChartLoading />}
    </div>
  );
};

/** One chart of bar-charts.tsx, drawn once its chunk is there. */
const lazyChart = <TProps extends object>(pick: (module: typeof charts) => ComponentType<TProps>) =>
  lazy(() => loadCharts().then((module) => ({ default: pick(module) })));

export const ProcessingBars = lazyChart((module) => module.ProcessingBars);
export const StatusDurationBars = lazyChart((module) => module.StatusDurationBars);
export const CategoryBars = lazyChart((module) => module.CategoryBars);
