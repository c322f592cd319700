import { formatAge } from '@portal/domain/format';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * How long ago something happened: 'just now', '5 minutes ago', '2 hours ago', then in
 * calendar days as the portal counts ages ('1 day ago', '12 days ago', formatAge). A time
 * a little ahead of the viewer's clock reads 'just now'.
 */
export const formatTimeAgo = (iso: string, now: number = Date.now()): string => {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) {
    return '';
  }
  const elapsed = now - at;
  if (elapsed < MINUTE_MS) {
    return 'just now';
  }
  if (elapsed < HOUR_MS) {
    return `${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  }
  if (elapsed < DAY_MS) {
    return `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  }
  const age = formatAge(at, { now });
  // Under 24 hours ago is an hour count above, so an age of 'today' cannot reach here.
  return age === 'today' ? `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago` : `${age} ago`;
};
