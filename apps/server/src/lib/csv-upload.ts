import fastifyMultipart from '@fastify/multipart';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSV_FILE_MESSAGES, CSV_UPLOAD_LIMITS, isCsvFileName } from '@portal/domain/bulk-users';
import { neutralizeCsvCell } from '@portal/domain/csv-cells';
import { AppError } from '../plugins/errors';

/**
 * The admin CSV uploads (bulk users, portal activation): one file of at most 2 MB and
 * 5,000 data rows, read with csv-parse, so quoted fields, commas and line breaks inside
 * quotes, a UTF-8 byte-order mark, CRLF and spreadsheet exports all read as they should.
 */

/** Multipart for the CSV routes only (encapsulated), with busboy enforcing the size. */
export const registerCsvMultipart = (app: FastifyInstance) =>
  app.register(fastifyMultipart, {
    limits: {
      fileSize: CSV_UPLOAD_LIMITS.maxBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 20,
    },
  });

/** One data row: its spreadsheet row number (the header is row 1) and its cells by column. */
export type TCsvRow = { row: number; record: Record<string, string> };

const errorCode = (error: unknown) =>
  error instanceof Error && 'code' in error ? (error as { code: unknown }).code : undefined;

const readFile = async (request: FastifyRequest): Promise<Buffer> => {
  let file;
  try {
    file = await request.file();
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 406) {
      throw new AppError('bad_request', CSV_FILE_MESSAGES.notMultipart, { cause: error });
    }
    throw error;
  }
  if (!file || file.fieldname !== 'file' || !file.filename) {
    throw new AppError('bad_request', CSV_FILE_MESSAGES.selectFile);
  }
  if (!isCsvFileName(file.filename)) {
    file.file.resume();
    throw new AppError('bad_request', CSV_FILE_MESSAGES.selectCsv);
  }
  try {
    return await file.toBuffer();
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', CSV_FILE_MESSAGES.tooLarge, { cause: error });
    }
    throw error;
  }
};

const parseCsv = (buffer: Buffer): Record<string, string>[] => {
  try {
    return parse(buffer, {
      bom: true,
      // Header names as people type them: "Email", " email ".
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      trim: true,
      skip_empty_lines: true,
      // A spreadsheet export leaves rows of bare commas where it had blank rows.
      skip_records_with_empty_values: true,
      relax_column_count: true,
      // One more than allowed is enough to know the file is over the limit.
      to: CSV_UPLOAD_LIMITS.maxRows + 1,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError(
        'bad_request',
        `${CSV_FILE_MESSAGES.unreadable}: ${error.message.slice(0, 200)}`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
};

/**
 * The uploaded file's rows, or a 400/413 in the product's words before anything is
 * created: no file, not .csv, over 2 MB, unreadable, no `required` column, no rows, or
 * more than 5,000 rows.
 */
export const readCsvUpload = async (
  request: FastifyRequest,
  required: string,
): Promise<TCsvRow[]> => {
  const buffer = await readFile(request);
  const records = parseCsv(buffer);
  if (records.length > CSV_UPLOAD_LIMITS.maxRows) {
    throw new AppError('payload_too_large', CSV_FILE_MESSAGES.tooManyRows);
  }
  const [first] = records;
  if (!first) {
    // Either no header at all, or a header without rows; the header check needs a row.
    const header =
      buffer
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0] ?? '';
    if (
      !header
        .toLowerCase()
        .split(',')
        .some((name) => name.trim().replace(/"/g, '') === required)
    ) {
      throw new AppError('bad_request', CSV_FILE_MESSAGES.missingColumn(required));
    }
    throw new AppError('bad_request', CSV_FILE_MESSAGES.empty);
  }
  if (!Object.hasOwn(first, required)) {
    throw new AppError('bad_request', CSV_FILE_MESSAGES.missingColumn(required));
  }
  return records.map((record, index) => ({ row: index + 2, record }));
};

/** Sends rows (header first) as a CSV attachment, cells neutralised against formulas. */
export const sendCsv = (reply: FastifyReply, fileName: string, rows: string[][]) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(stringify(rows, { record_delimiter: 'windows', cast: { string: neutralizeCsvCell } }));
