/**
 * What a patient-list search text is (issue 30, "One search box"): a date of birth, a
 * phone number, an order's SO or tracking number, or the name / patient-ID prefix search
 * of search-sql.ts. Each kind is read through its own index, so the text is classified
 * first and only the matching reads run (docs/decisions.md, "One search box").
 *
 * - A date, MM/DD/YYYY, M/D/YYYY or YYYY-MM-DD, that is a real calendar day: the DOB.
 * - Digits and phone punctuation only ((555) 123-4567, 555.123.4567, +1 555 123 4567),
 *   with 10 digits, or 11 starting with 1: the phone, compared as its last 10 digits.
 * - One token of letters and digits: first an order, exactly and without regard to case,
 *   by SO number ('SO' then digits) or by tracking number (8 characters or more, some of
 *   them digits); when
 *   no order of the payor has it, the search goes on as a phone (10/11 digits) or a name.
 * - Anything else: the name / patient-ID search, unchanged.
 */

export type TPatientSearch =
  { by: 'name' } | { by: 'dob'; dob: string } | { by: 'phone'; digits: string };

export type TOrderSearch = {
  /** Lower-cased: the SO number to look up exactly, when the text looks like one. */
  soNumber: string | null;
  /** Lower-cased: the tracking number to look up exactly, when the text may be one. */
  trackingNumber: string | null;
};

export type TSearchPlan = {
  /** An order to look for first; null when the text cannot name one. */
  order: TOrderSearch | null;
  /** The patients to list when no order matched. */
  patients: TPatientSearch;
};

const pad2 = (value: string) => value.padStart(2, '0');

/** 'YYYY-MM-DD' when year, month and day make a real calendar day. */
const calendarDay = (year: string, month: string, day: string): string | undefined => {
  const iso = `${year}-${pad2(month)}-${pad2(day)}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso
    ? undefined
    : iso;
};

/** A date of birth as 'YYYY-MM-DD', from MM/DD/YYYY, M/D/YYYY or YYYY-MM-DD. */
export const searchDate = (text: string): string | undefined => {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) {
    return calendarDay(us[3]!, us[1]!, us[2]!);
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return iso ? calendarDay(iso[1]!, iso[2]!, iso[3]!) : undefined;
};

/** A US phone number's 10 digits, from any of its usual spellings. */
export const searchPhone = (text: string): string | undefined => {
  if (!/^[\d\s().+-]+$/.test(text)) {
    return undefined;
  }
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) {
    return digits;
  }
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : undefined;
};

const SO_NUMBER = /^so\d+$/i;
/** Every carrier's tracking numbers hold digits; a long name is not looked up. */
const TRACKING_NUMBER = /^(?=.*\d)[a-z0-9]{8,64}$/i;

/** How to search for this text (already trimmed). */
export const planSearch = (text: string): TSearchPlan => {
  const dob = searchDate(text);
  if (dob !== undefined) {
    return { order: null, patients: { by: 'dob', dob } };
  }
  const phone = searchPhone(text);
  const patients: TPatientSearch =
    phone === undefined ? { by: 'name' } : { by: 'phone', digits: phone };
  const soNumber = SO_NUMBER.test(text) ? text.toLowerCase() : null;
  const trackingNumber = TRACKING_NUMBER.test(text) ? text.toLowerCase() : null;
  return {
    order: soNumber === null && trackingNumber === null ? null : { soNumber, trackingNumber },
    patients,
  };
};
