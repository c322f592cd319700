/**
 * A spreadsheet reads a cell that starts with =, +, -, @, a tab or a carriage return
 * as a formula (OWASP "CSV injection"). Any CSV the portal writes (the audit export,
 * the bulk upload and activation results) passes its cells through here, so text that
 * came from outsiders is shown, never run: such a cell gets a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutralizeCsvCell = (value: string): string =>
  FORMULA_START.test(value) ? `'${value}` : value;

/** A results file's name with the local date, e.g. upload_results_2025-01-31.csv. */
export const datedCsvName = (prefix: string, date: Date = new Date()): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
};
