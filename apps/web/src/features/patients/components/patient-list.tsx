import { useDeferredValue } from 'react';
import type { TPatientSummary } from '@portal/domain/patients-api';
import { useWideScreen } from '../../../lib/use-wide-screen';
import { Alert } from '../../../components/ui/alert';
import { Pager } from '../../../components/ui/pager';
import { buttonClass, panelClass } from '../lib/ui-classes';
import { PatientCards } from './patient-cards';
import type { TPatientRowActions } from './patient-row-actions';
import { PatientTable } from './patient-table';

export type TPatientListProps = TPatientRowActions & {
  /** The loaded page; the favourites filter applies to it only (core.md section 2). */
  patients: readonly TPatientSummary[];
  total: number;
  page: number;
  pages: number;
  loading: boolean;
  error: string | undefined;
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
  const shown = favoritesOnly
    ? drawn.filter((patient) => actions.favorites.has(patient.patient_key))
    : drawn;
  const title = favoritesOnly ? `Favorite Patients (${shown.length})` : `Patients (${total})`;
  const empty = !loading && !drawing && !error && shown.length === 0;
  const wide = useWideScreen();

  return (
    <section aria-labelledby="patient-list-title" className={panelClass}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="patient-list-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          className={buttonClass}
          aria-pressed={favoritesOnly}
          onClick={onToggleFavoritesOnly}
        >
          {favoritesOnly ? 'Show All' : 'Show Favorites'}
        </button>
      </div>
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : empty ? (
        <p className="py-8 text-center text-slate-600">
          {favoritesOnly ? 'No favorite patients found' : 'No patients found'}
        </p>
      ) : (
        <>
          {wide !== false && (
            <PatientTable patients={shown} loading={loading || drawing} {...actions} />
          )}
          {wide !== true && (
            <PatientCards patients={shown} loading={loading || drawing} {...actions} />
          )}
        </>
      )}
      {!favoritesOnly && !error && (
        <Pager label="Patients" page={page} pages={pages} onPageChange={onPageChange} />
      )}
    </section>
  );
};
