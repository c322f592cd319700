import { useState } from 'react';
import type { TActivationResults } from '@portal/domain/portal-activation-api';
import { DEFAULT_ACCESS_DELIVERY, type TAccessDelivery } from '@portal/domain/first-access';
import { AccessDeliveryChoice } from '../../../components/access-delivery';
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
  const [delivery, setDelivery] = useState<TAccessDelivery>(DEFAULT_ACCESS_DELIVERY);

  return (
    <>
      <PageHeading title="Patient Portal Activation" />
      <Panel asChild className="mb-6">
        <div>
          <AccessDeliveryChoice
            name="activation-delivery"
            value={delivery}
            onChange={setDelivery}
          />
        </div>
      </Panel>
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
              <CsvTab onResults={setResults} delivery={delivery} />
            </div>
          </Panel>
        </TabsContent>
        <TabsContent value="search" className="mb-6">
          <Panel asChild>
            <div>
              <SearchTab onResults={setResults} delivery={delivery} />
            </div>
          </Panel>
        </TabsContent>
      </Tabs>
      {results && <ActivationResults results={results} />}
    </>
  );
};
