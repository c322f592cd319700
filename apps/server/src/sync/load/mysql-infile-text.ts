import type { TValue } from '../batch';

/**
 * The text MariaDB/MySQL's LOAD DATA reads with the clauses in INFILE_FORMAT
 * (https://mariadb.com/kb/en/load-data-infile/): one line per row, fields separated by a
 * tab, nothing enclosing them, NULL written as \N, and a backslash, tab, newline, carriage
 * return or NUL inside a value escaped with a backslash. Every other character, Unicode
 * included, is sent as it is (the statement says CHARACTER SET utf8mb4). With no ENCLOSED
 * BY, the bare word NULL is text, as it should be.
 */
export const INFILE_FORMAT =
  "CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n'";

const NULL_FIELD = '\\N';
const SPECIAL = /[\\\t\n\r\0]/;
const SPECIAL_ALL = /[\\\t\n\r\0]/g;
const ESCAPED: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\0': '\\0',
};
const escapeOne = (character: string) => ESCAPED[character]!;

/**
 * One value as a LOAD DATA field. Numbers are written as JavaScript prints them, as the
 * INSERT path writes them into its literals; a non-finite number becomes NULL, as there.
 * The empty string stays an empty string, never NULL.
 */
export const infileField = (value: TValue): string => {
  if (value === null) {
    return NULL_FIELD;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value) : NULL_FIELD;
  }
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, escapeOne) : value;
};

/** Rows [from, to) of column arrays as LOAD DATA text, each line ended by a newline. */
export const encodeInfileRows = (
  columns: readonly TValue[][],
  from: number,
  to: number,
): string => {
  const last = columns.length - 1;
  let text = '';
  for (let row = from; row < to; row += 1) {
    for (let column = 0; column < last; column += 1) {
      text += infileField(columns[column]![row]!);
      text += '\t';
    }
    text += infileField(columns[last]![row]!);
    text += '\n';
  }
  return text;
};
