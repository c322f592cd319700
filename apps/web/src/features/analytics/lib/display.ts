import { formatLocalShortDateTime } from '@portal/domain/format';
import { capitalise } from '@portal/domain/analytics';

/**
 * The title's note, as the spec quotes it. The figures are as of the last sync, which the
 * 'Data last synced …' beside it says (docs/decisions.md, issue 29).
 */
export const ANALYTICS_NOTE = 'Real-time insights';

/** Shown instead of the sync time when the call that carries it failed (with a Retry). */
export const SYNC_TIME_UNKNOWN = 'Could not check when data was last synced.';

/** 'Data last synced Jan 5, 2025, 3:04 PM', in the viewer's time zone; never synced says so. */
export const syncedLabel = (at: number | null | undefined) => {
  if (at === undefined) {
    return 'Checking when data was last synced...';
  }
  if (at === null) {
    return 'Data not synced yet';
  }
  return `Data last synced ${formatLocalShortDateTime(new Date(at))}`;
};

/** 'cpap/bipap' → 'Cpap/bipap'; category names from the ERP mostly arrive capitalised. */
export const categoryLabel = (category: string) => capitalise(category);

/** One decimal, as the API rounds. */
export const daysText = (days: number) => `${days.toFixed(1)} days`;
