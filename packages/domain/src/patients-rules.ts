/**
 * The patient calls' rules and texts that the web app needs on its first screens, apart
 * from their zod schemas (patients-api.ts, which re-exports them): building those schemas
 * cost a phone tens of milliseconds at start-up (docs/benchmarks.md, session 7).
 */

/** Page sizes (core.md section 9). */
export const PAGE_SIZES = {
  patients: 15,
  orders: 15,
  orderListDefault: 50,
  intake: 20,
  max: 100,
} as const;

/** The self-pay pseudo-payor: never shown as a payor (core.md section 2, Primary Payor). */
export const SELF_PAY_COMPANY = '[Patient]';

/** Search runs when the trimmed text is empty or at least this long (core.md section 2). */
export const MIN_SEARCH_LENGTH = 2;

/** A search worth sending: trimmed, and empty or 2+ characters; otherwise undefined. */
export const normalizeSearch = (value: string | null | undefined): string | undefined => {
  const text = (value ?? '').trim();
  return text.length === 0 || text.length >= MIN_SEARCH_LENGTH ? text : undefined;
};

/** Texts of the dashboard's errors (core.md section 8). */
export const DASHBOARD_MESSAGES = {
  patientInfo: 'Failed to load complete patient information',
  userInfo: 'Failed to retrieve user information',
  /** Said after userInfo to staff whose account names no payor: what to do about it. */
  noPayor: 'Your account is not linked to a payor yet. Ask your administrator to set your payor.',
  fetchPatients: 'Failed to fetch patients',
  loadPatients: 'Failed to load patients',
  loadIntake: 'Failed to load intake patients',
  savePreferences: 'Failed to save preferences. Please try again.',
  noItems: 'No items found for this order.',
} as const;
