import { useRef, useState, type KeyboardEvent } from 'react';
import type { TActivationResults } from '@portal/domain/portal-activation-api';
import { panelClass } from '../../../components/ui/csv-tools';
import { PageHeading } from '../../../components/ui/page-heading';
import { ActivationResults } from './activation-results';
import { CsvTab } from './csv-tab';
import { SearchTab } from './search-tab';

const TABS = [
  { id: 'csv', label: 'CSV Upload' },
  { id: 'search', label: 'Search & Activate' },
] as const;
type TTab = (typeof TABS)[number]['id'];

const tabClass = (active: boolean) =>
  `-mb-px border-b-2 px-4 py-2 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${
    active
      ? 'border-brand-600 text-brand-700'
      : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

/**
 * /admin/patient-portal-activation: two tabs (the ARIA tabs pattern: arrow keys move
 * between them). Changing tab clears errors and results: each tab's own state goes with it.
 */
export const PortalActivationPage = () => {
  const [tab, setTab] = useState<TTab>('csv');
  const [results, setResults] = useState<TActivationResults | null>(null);
  const buttons = useRef<Partial<Record<TTab, HTMLButtonElement | null>>>({});

  const open = (next: TTab) => {
    if (next !== tab) {
      setTab(next);
      setResults(null);
    }
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((item) => item.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      open(TABS[(index + step + TABS.length) % TABS.length]?.id ?? tab);
    }
  };

  return (
    <>
      <PageHeading title="Patient Portal Activation" />
      <div
        role="tablist"
        aria-label="Activation method"
        className="mb-4 flex border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {TABS.map((item) => (
          <button
            key={item.id}
            ref={(element) => {
              buttons.current[item.id] = element;
            }}
            type="button"
            role="tab"
            id={`activation-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`activation-panel-${item.id}`}
            tabIndex={tab === item.id ? 0 : -1}
            className={tabClass(tab === item.id)}
            onClick={() => open(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`activation-panel-${tab}`}
        aria-labelledby={`activation-tab-${tab}`}
        className={panelClass}
      >
        {tab === 'csv' ? <CsvTab onResults={setResults} /> : <SearchTab onResults={setResults} />}
      </div>
      {results && <ActivationResults results={results} />}
    </>
  );
};
