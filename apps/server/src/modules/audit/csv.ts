import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { AUDIT_CSV_COLUMNS } from '@portal/domain/audit-api';
import type { TTrailRow } from './repository';

/**
 * A spreadsheet reads a cell that starts with =, +, -, @, a tab or a carriage return
 * as a formula (OWASP "CSV injection"). Emails tried at sign-in and other stored text
 * come from outsiders, so such a cell gets a leading apostrophe: shown, never run.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutralizeCell = (value: string): string =>
  FORMULA_START.test(value) ? `'${value}` : value;

const csvRecord = (row: TTrailRow) => ({
  at: new Date(row.at).toISOString(),
  user_id: row.user_id === null ? '' : String(row.user_id),
  user_email: row.user_email ?? '',
  action: row.action,
  outcome: row.outcome,
  ip: row.ip ?? '',
  patient_key: row.patient_key ?? '',
  patient_id: row.patient_id ?? '',
  detail: row.detail ?? '',
});

/**
 * The rows as a CSV stream (header first), every cell neutralised and quoted by
 * csv-stringify. A database error part-way destroys the stream, so the client sees a
 * broken download, never a file that looks complete.
 */
export const trailCsv = (rows: AsyncIterable<TTrailRow>): Readable => {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) {
        yield csvRecord(row);
      }
    })(),
  );
  const csv = stringify({
    header: true,
    columns: [...AUDIT_CSV_COLUMNS],
    // Excel and LibreOffice split on CRLF rows most reliably.
    record_delimiter: 'windows',
    cast: { string: neutralizeCell },
  });
  pipeline(records, csv, () => {});
  return csv;
};
