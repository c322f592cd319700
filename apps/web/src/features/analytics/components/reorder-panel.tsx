import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useReorderPatterns } from '../api/get-reorder-patterns';
import { Card, ErrorBox, LoadingPlaceholder } from './panel-states';
import { ReorderCategories } from './reorder-categories';
import { ReorderOverview } from './reorder-overview';
import { ReorderSchedule } from './reorder-schedule';

const SUB_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'patients', label: 'Patients' },
  { id: 'categories', label: 'Categories' },
] as const;

type TSubTab = (typeof SUB_TABS)[number]['id'];

/** 'Patient Reorder Patterns': four cards and the Overview, Patients and Categories views. */
export const ReorderPanel = () => {
  const [tab, setTab] = useState<TSubTab>('overview');
  const query = useReorderPatterns();
  return (
    <section aria-labelledby="reorder-title" className="space-y-6">
      <h2 id="reorder-title" className="text-xl font-semibold text-slate-900">
        Patient Reorder Patterns
      </h2>
      {query.isPending ? (
        <LoadingPlaceholder label="Loading reorder patterns..." />
      ) : query.isError ? (
        <ErrorBox onRetry={() => void query.refetch()} retrying={query.isFetching}>
          Error loading reorder patterns: {query.error.message}
        </ErrorBox>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Card
              title="Overdue Reorders"
              value={query.data.summary.overdue_reorders.toLocaleString('en-US')}
              note="Need immediate attention"
              tone="text-red-700"
            />
            <Card
              title="Due Soon"
              value={query.data.summary.due_soon.toLocaleString('en-US')}
              note="Within 7 days"
              tone="text-amber-700"
            />
            <Card
              title="Avg Reorder Cycle"
              value={
                query.data.summary.avg_days_between_all_orders === null
                  ? 'N/A'
                  : `${Math.round(query.data.summary.avg_days_between_all_orders)} days`
              }
              note="Between orders"
            />
            <Card
              title="Tracked Patients"
              value={query.data.summary.total_patients.toLocaleString('en-US')}
              note="With reorder patterns"
            />
          </div>
          <Tabs value={tab} onValueChange={(value) => setTab(value as TSubTab)}>
            <TabsList aria-label="Reorder views">
              {SUB_TABS.map((item) => (
                <TabsTrigger key={item.id} value={item.id}>
                  {item.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="overview">
              <ReorderOverview data={query.data} />
            </TabsContent>
            <TabsContent value="patients">
              <ReorderSchedule total={query.data.summary.total_patients} />
            </TabsContent>
            <TabsContent value="categories">
              <ReorderCategories categories={query.data.category_patterns} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </section>
  );
};
