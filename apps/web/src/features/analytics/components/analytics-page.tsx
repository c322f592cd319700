import { useState } from 'react';
import { ANALYTICS_LIMITS } from '@portal/domain/analytics';
import { Button } from '../../../components/ui/button';
import { PageHeading } from '../../../components/ui/page-heading';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useProcessingTime } from '../api/get-processing-time';
import { ANALYTICS_NOTE, SYNC_TIME_UNKNOWN, syncedLabel } from '../lib/display';
import { ProcessingTimePanel } from './processing-time-panel';
import { ReorderPanel } from './reorder-panel';

const TABS = [
  { id: 'processing', label: 'Processing Time' },
  { id: 'reorder', label: 'Reorder Patterns' },
] as const;

type TTabId = (typeof TABS)[number]['id'];

/** /analytics (admin): processing time and reorder patterns, from the last sync's data. */
export const AnalyticsPage = () => {
  const [tab, setTab] = useState<TTabId>('processing');
  const [days, setDays] = useState<number>(ANALYTICS_LIMITS.defaultProcessingDays);
  // The title's sync time comes from whichever answer is at hand; the processing call
  // is the default tab's and shares its cache with the panel.
  const processing = useProcessingTime(days);
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <PageHeading title="Analytics Dashboard" />
        {/* On a phone the sync time has a line of its own: the line's height is then the
            same whether it says 'Checking…', the time or the failure, and nothing below moves. */}
        <p className="mb-6 text-sm text-slate-600">
          {ANALYTICS_NOTE}
          <span className="mx-2 hidden sm:inline" aria-hidden="true">
            ·
          </span>
          {processing.isError && !processing.isFetching ? (
            <span data-testid="last-synced" className="block sm:inline">
              {SYNC_TIME_UNKNOWN}{' '}
              <Button
                variant="link"
                className="font-medium underline"
                onClick={() => void processing.refetch()}
              >
                Retry
              </Button>
            </span>
          ) : (
            <span data-testid="last-synced" className="block sm:inline">
              {syncedLabel(processing.data?.last_synced_at)}
            </span>
          )}
        </p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as TTabId)}>
        <TabsList aria-label="Analytics views">
          {TABS.map((item) => (
            <TabsTrigger key={item.id} value={item.id}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="processing">
          <ProcessingTimePanel days={days} onDaysChange={setDays} />
        </TabsContent>
        <TabsContent value="reorder">
          <ReorderPanel />
        </TabsContent>
      </Tabs>
    </>
  );
};
