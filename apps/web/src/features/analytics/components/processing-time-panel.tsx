import { useState } from 'react';
import { ANALYTICS_PERIODS, chartStatuses, keyInsights } from '@portal/domain/analytics';
import { formatDays } from '@portal/domain/format';
import { Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useProcessingTime } from '../api/get-processing-time';
import { categoryLabel } from '../lib/display';
import { Card, ErrorBox } from './panel-states';
import { ProcessingChart, ProcessingChartPlaceholder } from './processing-chart';
import { StatusDurationPanel } from './status-duration-panel';

const CARD_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5';

/**
 * The loaded layout's first screen while the figures load: a row of cards (as many as a
 * row holds at each width) and the chart's frame, so the page does not move when they
 * arrive.
 */
const ProcessingPlaceholder = () => (
  <div role="status" aria-live="polite" className="space-y-6">
    <span className="sr-only">Loading processing times...</span>
    <div aria-hidden="true" className={`${CARD_GRID} animate-pulse`}>
      {['', 'hidden sm:block', 'hidden lg:block', 'hidden xl:block', 'hidden xl:block'].map(
        (shown, index) => (
          <div key={index} className={shown}>
            <Card title={'\u00a0'} value={'\u00a0'} note={'\u00a0'} />
          </div>
        ),
      )}
    </div>
    <div aria-hidden="true" className="space-y-6">
      <ProcessingChartPlaceholder />
      <InsightsBox sentences={['\u00a0', '\u00a0', '\u00a0']} />
    </div>
  </div>
);

/** 'Key Insights': always three sentences (keyInsights), one line each on most screens. */
const InsightsBox = ({ sentences }: { sentences: string[] }) => (
  <div className="rounded-lg border border-brand-600/20 bg-brand-50 p-4">
    <h3 className="font-semibold text-slate-900">Key Insights</h3>
    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
      {sentences.map((sentence, index) => (
        <li key={index}>{sentence}</li>
      ))}
    </ul>
  </div>
);

/** 'Order Processing Time Analysis': period, a card per category, the status chart, insights. */
export const ProcessingTimePanel = ({
  days,
  onDaysChange,
}: {
  days: number;
  onDaysChange: (days: number) => void;
}) => {
  const query = useProcessingTime(days);
  // The status-duration panel below is placed once the figures above have first answered
  // (drawn while they loaded, its chart box sat within a short scroll of a phone's first
  // screen and fetched the chart library early), and stays while another period loads.
  const [figuresSettled, setFiguresSettled] = useState(false);
  if (!figuresSettled && !query.isPending) {
    setFiguresSettled(true);
  }
  const data = query.data;
  return (
    <section aria-labelledby="processing-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="processing-title" className="text-xl font-semibold text-slate-900">
          Order Processing Time Analysis
        </h2>
        <div className="flex items-center gap-2">
          <Label htmlFor="analytics-period" className="mb-0">
            Period
          </Label>
          <Select
            id="analytics-period"
            value={days}
            onChange={(event) => onDaysChange(Number(event.target.value))}
            className="w-44"
          >
            {ANALYTICS_PERIODS.map((period) => (
              <option key={period.days} value={period.days}>
                {period.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {query.isPending ? (
        <ProcessingPlaceholder />
      ) : query.isError ? (
        <ErrorBox onRetry={() => void query.refetch()} retrying={query.isFetching}>
          Error loading processing times: {query.error.message}
        </ErrorBox>
      ) : (
        <>
          <div data-testid="category-cards" className={CARD_GRID}>
            {Object.entries(data!.category_stats).map(([category, stats]) => (
              <Card
                key={category}
                title={categoryLabel(category)}
                value={formatDays(stats.avg_days)}
                note={`${stats.count.toLocaleString('en-US')} ${stats.count === 1 ? 'order' : 'orders'}`}
              />
            ))}
            {Object.keys(data!.category_stats).length === 0 && (
              <p className="text-sm text-slate-600">No orders reached shipping in this period.</p>
            )}
          </div>
          <ProcessingChart rows={chartStatuses(data!.status_durations)} />
          <InsightsBox sentences={keyInsights(data!, formatDays)} />
        </>
      )}
      {figuresSettled && <StatusDurationPanel />}
    </section>
  );
};
