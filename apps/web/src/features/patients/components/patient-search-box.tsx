import type { ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Panel } from '../../../components/ui/panel';
import { searchInputPrivacy } from '../lib/search-input';

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
  <Panel aria-labelledby="patient-search-title">
    <h2 id="patient-search-title" className="mb-3 text-lg font-semibold text-slate-900">
      Patient Search
    </h2>
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
    <p className="mt-2 text-xs text-slate-600">
      Search by name or patient ID; type at least 2 characters.
    </p>
  </Panel>
);
