import { formatLocalShortDateTime } from '@portal/domain/format';
import { capitalise } from '@portal/domain/analytics';

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
