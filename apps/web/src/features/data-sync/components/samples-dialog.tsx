import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { useJobSamples } from '../api/get-job-samples';
import { useDebounced } from '../hooks/use-debounced';
import { formatCount, shortJobId } from '../lib/format';
import { SampleSideBySide, SampleTable } from './sample-tables';

const TABS = [
  { id: 'source', label: 'Source Data' },
  { id: 'destination', label: 'Destination Data' },
  { id: 'compare', label: 'Side by Side Comparison' },
] as const;
type TTabId = (typeof TABS)[number]['id'];

/** Data Sample Comparison: both counts, the difference, a search and three views of the rows. */
export const SamplesDialog = ({ jobId, onClose }: { jobId: string; onClose: () => void }) => {
  const [tab, setTab] = useState<TTabId>('source');
  const [search, setSearch] = useState('');
  const searchId = useId();
  const samples = useJobSamples(jobId, useDebounced(search.trim()));
  const data = samples.data?.data;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Data Sample Comparison: ${shortJobId(jobId)}`}
      size="xl"
    >
      {samples.isPending ? (
        <SkeletonRows rows={4} label="Loading data samples..." />
      ) : samples.isError ? (
        <Alert tone="error">Error fetching data samples: {samples.error.message}</Alert>
      ) : data ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-3 gap-3 text-center text-sm">
            {[
              ['Source records', data.source.count],
              ['Destination records', data.destination.count],
              ['Difference', data.difference],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-2">
                <dt className="text-slate-600">{label}</dt>
                <dd data-testid="sample-count" className="text-lg font-semibold text-slate-900">
                  {formatCount(value as number)}
                </dd>
              </div>
            ))}
          </dl>
          <TextField
            id={searchId}
            label="Search rows"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <p className="text-xs text-slate-600">
            {data.mysql_table}: the first rows by{' '}
            {data.key_columns.join(', ') || 'the first column'}
          </p>
          <Tabs value={tab} onValueChange={(next) => setTab(next as TTabId)}>
            <TabsList aria-label="Data samples">
              {TABS.map(({ id, label }) => (
                <TabsTrigger key={id} value={id}>
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="source">
              <SampleTable label="Source rows" columns={data.columns} rows={data.source.rows} />
            </TabsContent>
            <TabsContent value="destination">
              <SampleTable
                label="Destination rows"
                columns={data.columns}
                rows={data.destination.rows}
              />
            </TabsContent>
            <TabsContent value="compare">
              <SampleSideBySide data={data} />
            </TabsContent>
          </Tabs>
        </div>
      ) : null}
    </Modal>
  );
};
