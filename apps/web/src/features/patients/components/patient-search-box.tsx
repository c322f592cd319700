import type { ChangeEvent } from 'react';
import { searchInputPrivacy } from '../lib/search-input';
import { buttonClass, panelClass } from '../lib/ui-classes';

type TPatientSearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  onRefresh: () => void;
  refreshing: boolean;
};

/** 'Patient Search': the text box, clear filters and refresh. */
export const PatientSearchBox = ({
  value,
  onChange,
  onClear,
  onRefresh,
  refreshing,
}: TPatientSearchBoxProps) => (
  <section aria-labelledby="patient-search-title" className={panelClass}>
    <h2 id="patient-search-title" className="mb-3 text-lg font-semibold text-slate-900">
      Patient Search
    </h2>
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <label htmlFor="patient-search-input" className="sr-only">
        Search patients
      </label>
      <input
        id="patient-search-input"
        name="patient-search"
        type="search"
        {...searchInputPrivacy}
        placeholder="Search patients..."
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:max-w-md"
      />
      <div className="flex gap-2">
        <button type="button" className={buttonClass} onClick={onClear}>
          Clear filters
        </button>
        {/* Not disabled while busy: a disabled button would drop the keyboard focus. */}
        <button type="button" className={buttonClass} onClick={onRefresh} aria-busy={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
    </div>
    <p className="mt-2 text-xs text-slate-600">
      Search by name or patient ID; type at least 2 characters.
    </p>
  </section>
);
