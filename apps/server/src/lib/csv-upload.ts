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

type TParsedCsv = { header: string[] | undefined; rows: TCsvRow[] };

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell === '');

/**
 * The header and the data rows, each numbered as a spreadsheet shows it. Blank rows
 * (empty lines, or the bare commas a spreadsheet export leaves) are read as records and
 * dropped here, not by the parser, so they still count: the record's ordinal in the
 * parser's info is the row number, and a quoted line break stays inside one row.
 */
const parseCsv = (buffer: Buffer): TParsedCsv => {
  let header: string[] | undefined;
  const rows: TCsvRow[] = [];
  try {
    // Every record is taken in on_record, which keeps none for the parser to return.
    parse(buffer, {
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: false,
      on_record: (cells, { records }) => {
        if (isBlank(cells)) {
          return null;
        }
        if (!header) {
          // Header names as people type them: "Email", " email ".
          header = cells.map((name) => name.trim().toLowerCase());
          return null;
        }
        if (rows.length === CSV_UPLOAD_LIMITS.maxRows) {
          // Enough to know the file is over the limit; the parser stops on this error.
          throw new AppError('payload_too_large', CSV_FILE_MESSAGES.tooManyRows);
        }
        rows.push({
          row: records,
          record: Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])),
        });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError(
        'bad_request',
        `${CSV_FILE_MESSAGES.unreadable}: ${error.message.slice(0, 200)}`,
        { cause: error },
      );
    }
    throw error;
  }
  return { header, rows };
};

/**
 * The uploaded file's rows, or a 400/413 in the product's words before anything is
 * created: no file, not .csv, over 2 MB, unreadable, more than 5,000 rows, no `required`
 * column, or no rows.
 */
export const readCsvUpload = async (
  request: FastifyRequest,
  required: string,
): Promise<TCsvRow[]> => {
  const { header, rows } = parseCsv(await readFile(request));
  if (!header?.includes(required)) {
    throw new AppError('bad_request', CSV_FILE_MESSAGES.missingColumn(required));
  }
  if (rows.length === 0) {
    throw new AppError('bad_request', CSV_FILE_MESSAGES.empty);
  }
  return rows;
};

/** Sends rows (header first) as a CSV attachment, cells neutralised against formulas. */
export const sendCsv = (reply: FastifyReply, fileName: string, rows: string[][]) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(stringify(rows, { record_delimiter: 'windows', cast: { string: neutralizeCsvCell } }));
