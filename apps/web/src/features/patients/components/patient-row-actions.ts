import type { TPatientSummary } from '@portal/domain/patients-api';

/** How the patient table and cards hand a row's actions back to the screen. */
export type TPatientRowActions = {
  favorites: ReadonlySet<string>;
  selectedKey: string | undefined;
  onSelect: (patient: TPatientSummary) => void;
  onDetails: (patient: TPatientSummary) => void;
  onToggleFavorite: (patientKey: string) => void;
};

/** Placeholder rows while a page loads (core.md section 2). */
export const LOADING_ROWS = 6;

/**
 * What screen readers hear while the first page loads: the words of the spec's full-screen
 * loading view, which the list's placeholder rows now stand in for (core.md section 2).
 */
export const FIRST_LOAD_TEXT = 'Loading Patient Data. Fetching patient information and orders...';
