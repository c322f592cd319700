import { useDeferredValue } from 'react';
import type { TPatientSummary } from '@portal/domain/patients-api';
import { Button } from '../../../components/ui/button';
import { TableOrCards } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { PatientCards } from './patient-cards';
import type { TPatientRowActions } from './patient-row-actions';
import { PatientTable } from './patient-table';

export type TPatientListProps = TPatientRowActions & {
  /**
   * The loaded page: of all patients, or of the user's favourites when favourites-only is
   * on (paged on the server, a departure from core.md's 'loaded page only': decisions.md).
   */
  patients: readonly TPatientSummary[];
  total: number;
  page: number;
  pages: number;
  loading: boolean;
  error: string | undefined;
  /** Loads the list again after an error; no Retry where one cannot help (no payor). */
  onRetry?: (() => void) | undefined;
  /** The retry is under way. */
  retrying?: boolean;
  favoritesOnly: boolean;
  onToggleFavoritesOnly: () => void;
  onPageChange: (page: number) => void;
};

/** 'Patients (n)' or 'Favorite Patients (n)', the table or cards, and the pager. */
export const PatientList = ({
  patients,
  total,
  page,
  pages,
  loading,
  error,
  onRetry,
  retrying = false,
  favoritesOnly,
  onToggleFavoritesOnly,
  onPageChange,
  ...actions
}: TPatientListProps) => {
  // A page of rows is drawn in the background, in slices that leave the page responsive:
  // the query's answer would otherwise render them in one long task. The placeholders
  // stay until then.
  const drawn = useDeferredValue(patients);
  const drawing = drawn !== patients;
  const shown = drawn;
  const title = favoritesOnly ? `Favorite Patients (${total})` : `Patients (${total})`;
  const empty = !loading && !drawing && !error && shown.length === 0;
  const busy = loading || drawing;

  return (
    <Panel aria-labelledby="patient-list-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="patient-list-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Button aria-pressed={favoritesOnly} onClick={onToggleFavoritesOnly}>
          {favoritesOnly ? 'Show All' : 'Show Favorites'}
        </Button>
      </div>
      {error ? (
        <ErrorState title={error} onRetry={onRetry} retrying={retrying} />
      ) : empty ? (
        <EmptyState
          title={favoritesOnly ? 'No favorite patients found' : 'No patients found'}
          text={
            favoritesOnly
              ? 'Star a patient to keep them here.'
              : 'Try another name or patient ID, or clear the filters.'
          }
        />
      ) : (
        <TableOrCards
          table={<PatientTable patients={shown} loading={busy} {...actions} />}
          cards={<PatientCards patients={shown} loading={busy} {...actions} />}
        />
      )}
      {!error && <Pager label="Patients" page={page} pages={pages} onPageChange={onPageChange} />}
    </Panel>
  );
};
