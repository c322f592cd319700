import { useState } from 'react';
import type { TActivationResults } from '@portal/domain/portal-activation-api';
import { PageHeading } from '../../../components/ui/page-heading';
import { Panel } from '../../../components/ui/panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ActivationResults } from './activation-results';
import { CsvTab } from './csv-tab';
import { SearchTab } from './search-tab';

const TABS = [
  { id: 'csv', label: 'CSV Upload' },
  { id: 'search', label: 'Search & Activate' },
] as const;
type TTab = (typeof TABS)[number]['id'];

const isTab = (value: string): value is TTab => TABS.some((item) => item.id === value);

/**
 * /admin/patient-portal-activation: two tabs (the ARIA tabs pattern: arrow keys move
 * between them). Changing tab clears errors and results: each tab's own state goes with it,
 * as only the open tab's panel is drawn.
 */
export const PortalActivationPage = () => {
  const [tab, setTab] = useState<TTab>('csv');
  const [results, setResults] = useState<TActivationResults | null>(null);

  return (
    <>
      <PageHeading title="Patient Portal Activation" />
      <Tabs
        value={tab}
        onValueChange={(next) => {
          if (isTab(next) && next !== tab) {
            setTab(next);
            setResults(null);
          }
        }}
      >
        <TabsList aria-label="Activation method">
          {TABS.map((item) => (
            <TabsTrigger key={item.id} value={item.id}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="csv" className="mb-6">
          <Panel asChild>
            <div>
              <CsvTab onResults={setResults} />
            </div>
          </Panel>
        </TabsContent>
        <TabsContent value="search" className="mb-6">
          <Panel asChild>
            <div>
              <SearchTab onResults={setResults} />
            </div>
          </Panel>
        </TabsContent>
      </Tabs>
      {results && <ActivationResults results={results} />}
    </>
  );
};
