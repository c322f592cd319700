import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { AUDIT_CSV_COLUMNS } from '@portal/domain/audit-api';
import { neutralizeCsvCell } from '@portal/domain/csv-cells';
import type { TTrailRow } from './repository';

/** Shared with the web app's results files (packages/domain/src/csv-cells.ts). */
export const neutralizeCell = neutralizeCsvCell;

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
