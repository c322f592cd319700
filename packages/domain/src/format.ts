/** Display formats the spec fixes (core.md section 2, staff-tools.md sections 2 and 9). */

export const NOT_AVAILABLE = 'N/A';

type TDateInput = string | number | Date | null | undefined;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Reads a date without letting the viewer's time zone move it: 'YYYY-MM-DD'
 * (and the date part of an ISO timestamp) are calendar dates, epoch numbers and
 * Date objects are read in UTC.
 */
const calendarDate = (
  value: TDateInput,
): { year: number; month: number; day: number } | undefined => {
  if (value === null || value === undefined || value === '') {
    return undefined;
  }
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
    if (match) {
      return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    return undefined;
  }
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** MM/DD/YYYY, or the fallback when there is no valid date. */
export const formatDate = (value: TDateInput, fallback = NOT_AVAILABLE): string => {
  const date = calendarDate(value);
  return date ? `${pad(date.month)}/${pad(date.day)}/${date.year}` : fallback;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2:48 PM': the viewer's clock, 12-hour, as en-US writes it. */
const clock12 = (date: Date) => {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
};

/*
 * The two date-and-time forms on the first screens, in the viewer's time zone, written
 * from the Date's own fields: a page's first Intl.DateTimeFormat costs a phone tens of
 * milliseconds (the locale's data and pattern matching), on the screen's first render.
 * format.test.ts holds them to what toLocaleString writes.
 */

/** What toLocaleString writes for a date that is not one (Intl's format would throw). */
const INVALID_DATE = 'Invalid Date';
const isInvalid = (date: Date) => Number.isNaN(date.getTime());

/** '11/22/2026, 2:48 PM' */
export const formatLocalNumericDateTime = (date: Date) =>
  isInvalid(date)
    ? INVALID_DATE
    : `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}, ${clock12(date)}`;

/** 'Nov 22, 2026, 2:48 PM' */
export const formatLocalShortDateTime = (date: Date) =>
  isInvalid(date)
    ? INVALID_DATE
    : `${MONTHS[date.getMonth()] ?? ''} ${date.getDate()}, ${date.getFullYear()}, ${clock12(date)}`;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `date.toLocaleString('en-US', options)`, with each set of options' formatter made once:
 * toLocaleString builds a new Intl.DateTimeFormat on every call, which a list's render
 * repeats for every row (a few milliseconds each on a slow phone).
 */
export const formatLocalDateTime = (date: Date, options: Intl.DateTimeFormatOptions): string => {
  if (isInvalid(date)) {
    return INVALID_DATE;
  }
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
};

/** 'Jan 5, 2025', as the analytics screens show dates; 'N/A' when missing. */
export const formatShortDate = (value: TDateInput): string => {
  const date = calendarDate(value);
  return date ? `${MONTHS[date.month - 1] ?? ''} ${date.day}, ${date.year}` : NOT_AVAILABLE;
};

/** (xxx) xxx-xxxx for a 10-digit phone; anything else is shown as it came. */
export const formatPhone = (value: string | null | undefined, fallback = NOT_AVAILABLE): string => {
  if (!value?.trim()) {
    return fallback;
  }
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 10) {
    return value.trim();
  }
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
};

/** The spec's display limits for long values. */
export const DISPLAY_LIMITS = { trackingNumber: 12, doctorName: 20, itemDescription: 40 } as const;

/** Shortens to at most `max` characters, the last of them an ellipsis. */
export const truncate = (value: string | null | undefined, max: number): string => {
  const text = value?.trim() ?? '';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
};

/** Days as the duration panels show them: 'N/A', '< 1 day', '1 day', '{n} days'. */
export const formatDays = (days: number | null | undefined): string => {
  if (days === null || days === undefined || Number.isNaN(days)) {
    return NOT_AVAILABLE;
  }
  if (days < 1) {
    return '< 1 day';
  }
  const rounded = Math.round(days);
  return rounded === 1 ? '1 day' : `${rounded} days`;
};

/** The reorder badge: 'N days overdue', 'Due today', 'Due tomorrow', 'Due in N days', 'N/A'. */
export const formatDaysUntilReorder = (days: number | null | undefined): string => {
  if (days === null || days === undefined || Number.isNaN(days)) {
    return NOT_AVAILABLE;
  }
  if (days < 0) {
    return `${Math.abs(days)} days overdue`;
  }
  if (days === 0) {
    return 'Due today';
  }
  if (days === 1) {
    return 'Due tomorrow';
  }
  return `Due in ${days} days`;
};

/*
 * The one date and time rule (docs/decisions.md, "One set of UI primitives"):
 *   a day        MM/DD/YYYY        '11/25/2026'
 *   a time       h:mm AM/PM        '1:24 PM'
 *   a date-time  date, time        '11/25/2026, 1:24 PM'
 *   an age       whole days        'today', '1 day', '12 days'
 * An instant (epoch milliseconds, a Date, an ISO timestamp) is shown in the viewer's time
 * zone; a plain 'YYYY-MM-DD' date is a calendar day and is shown as it is, never moved by
 * a zone. Written from the Date's own fields, like the forms above: no Intl on first render.
 */

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type TDay = { year: number; month: number; day: number };

/** A plain date's day as written, or an instant's Date; undefined when there is neither. */
const readDateInput = (value: TDateInput): { day: TDay } | { instant: Date } | undefined => {
  if (value === null || value === undefined || value === '') {
    return undefined;
  }
  const plain = typeof value === 'string' ? PLAIN_DATE.exec(value.trim()) : null;
  if (plain) {
    return { day: { year: Number(plain[1]), month: Number(plain[2]), day: Number(plain[3]) } };
  }
  const instant = value instanceof Date ? value : new Date(value);
  return isInvalid(instant) ? undefined : { instant };
};

/** The calendar day a value names: a plain date's own, an instant's in the viewer's zone. */
const viewerDay = (value: TDateInput): TDay | undefined => {
  const read = readDateInput(value);
  if (!read) {
    return undefined;
  }
  if ('day' in read) {
    return read.day;
  }
  const { instant } = read;
  return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() };
};

const writeDay = ({ year, month, day }: TDay) => `${pad(month)}/${pad(day)}/${year}`;

/**
 * MM/DD/YYYY of an instant in the viewer's time zone ('11/25/2026' for 3:30 AM UTC on the
 * 26th in New York); a plain 'YYYY-MM-DD' date as it is. For a value that is only ever a
 * calendar date (a date of birth, an order's date) `formatDate` says the same.
 */
export const formatInstantDate = (value: TDateInput, fallback = NOT_AVAILABLE): string => {
  const day = viewerDay(value);
  return day ? writeDay(day) : fallback;
};

/** '1:24 PM' in the viewer's time zone; the fallback for a plain date, which has no time. */
export const formatTime = (value: TDateInput, fallback = NOT_AVAILABLE): string => {
  const read = readDateInput(value);
  return read && 'instant' in read ? clock12(read.instant) : fallback;
};

/**
 * '11/25/2026, 1:24 PM' in the viewer's time zone. A plain 'YYYY-MM-DD' date has no time
 * to show and reads '11/25/2026'.
 */
export const formatDateTime = (value: TDateInput, fallback = NOT_AVAILABLE): string => {
  const read = readDateInput(value);
  if (!read) {
    return fallback;
  }
  return 'day' in read ? writeDay(read.day) : formatLocalNumericDateTime(read.instant);
};

const DAY_MS = 86_400_000;

/** Days since the epoch of a calendar day, exact whatever daylight saving did in between. */
const dayNumber = ({ year, month, day }: TDay) => Date.UTC(year, month - 1, day) / DAY_MS;

/**
 * How long something has waited, in calendar days of the viewer's time zone: 'today',
 * '1 day', '12 days' ('Waiting for the prescription from Dr. Scott · 12 days'). Days are
 * counted between calendar dates, so a 23- or 25-hour day (daylight saving) is still one day
 * and 11 PM yesterday is '1 day' at 1 AM. A date after `now` reads 'in 1 day', 'in N days'.
 * `now` is for tests and for a list that counts from one moment.
 */
export const formatAge = (
  since: TDateInput,
  { now = Date.now(), fallback = NOT_AVAILABLE }: { now?: Date | number; fallback?: string } = {},
): string => {
  const from = viewerDay(since);
  const to = viewerDay(now);
  if (!from || !to) {
    return fallback;
  }
  const days = dayNumber(to) - dayNumber(from);
  if (days === 0) {
    return 'today';
  }
  const count = Math.abs(days) === 1 ? '1 day' : `${Math.abs(days)} days`;
  return days > 0 ? count : `in ${count}`;
};
