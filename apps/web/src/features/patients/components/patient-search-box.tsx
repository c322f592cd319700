import type { ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Panel } from '../../../components/ui/panel';
import { useSearchShortcut } from '../hooks/use-search-shortcut';
import { searchInputPrivacy } from '../lib/search-input';

/** What the one search box finds (issue 30), under the spec's placeholder. */
export const SEARCH_HINT = 'Name, patient ID, date of birth, phone, SO# or tracking number';

type TPatientSearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  /**
   * The dashboard's section title 'Patient Search'; off on /patient-search, whose page
   * heading already says it.
   */
  titled?: boolean;
};

/** 'Patient Search': the text box, what it finds, clear filters and refresh. */
export const PatientSearchBox = ({
  value,
  onChange,
  onClear,
  onRefresh,
  refreshing,
  titled = true,
}: TPatientSearchBoxProps) => {
  useSearchShortcut('patient-search-input');
  return (
    <Panel
      aria-labelledby={titled ? 'patient-search-title' : undefined}
      aria-label={titled ? undefined : 'Patient search'}
    >
      {titled && (
        <h2 id="patient-search-title" className="mb-3 text-lg font-semibold text-slate-900">
          Patient Search
        </h2>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Label htmlFor="patient-search-input" className="sr-only">
          Search patients
        </Label>
        <Input
          id="patient-search-input"
          name="patient-search"
          type="search"
          {...searchInputPrivacy}
          placeholder="Search patients..."
          aria-describedby="patient-search-hint"
          aria-keyshortcuts="/"
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          className="sm:max-w-md"
        />
        <div className="flex gap-2">
          <Button onClick={onClear}>Clear filters</Button>
          {/* Not disabled while busy: a disabled button would drop the keyboard focus. */}
          <Button onClick={onRefresh} aria-busy={refreshing}>
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
      </div>
      <p id="patient-search-hint" className="mt-2 text-xs text-slate-600">
        {SEARCH_HINT}
      </p>
    </Panel>
  );
};
