import { StringDecoder } from 'node:string_decoder';
import type { TColumnKind, TValue } from '../batch';

/**
 * PostgreSQL's COPY text format (https://www.postgresql.org/docs/current/sql-copy.html):
 * one line per row, fields separated by a tab, NULL written as \N, and a backslash,
 * tab, newline or carriage return inside a value escaped with a backslash. Every other
 * character, Unicode included, is sent as it is (the connection's encoding is UTF-8).
 */

const NULL_FIELD = '\\N';
const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const escapeOne = (character: string) => ESCAPED[character]!;

/**
 * One value as a COPY text field. Numbers are written as JavaScript prints them, which
 * int4, int8, numeric and float8 all read back exactly (a number past 2^53 has already lost
 * its precision in the warehouse batch); a non-finite number becomes NULL, as the
 * array-based loader wrote it. The empty string stays an empty string, never NULL.
 */
export const copyField = (value: TValue): string => {
  if (value === null) {
    return NULL_FIELD;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value) : NULL_FIELD;
  }
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, escapeOne) : value;
};

/** Rows [from, to) of column arrays as COPY text, each line ended by a newline. */
export const encodeRows = (columns: readonly TValue[][], from: number, to: number): string => {
  const last = columns.length - 1;
  let text = '';
  for (let row = from; row < to; row += 1) {
    for (let column = 0; column < last; column += 1) {
      text += copyField(columns[column]![row]!);
      text += '\t';
    }
    text += copyField(columns[last]![row]!);
    text += '\n';
  }
  return text;
};

const UNESCAPED: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/**
 * One field of COPY ... TO output back to its text (null for \N). COPY TO escapes only a
 * backslash, the delimiter and the control characters \b \f \n \r \t \v; any other
 * escaped character stands for itself, as COPY FROM reads it.
 */
export const decodeField = (field: string): string | null => {
  if (field === NULL_FIELD) {
    return null;
  }
  if (!field.includes('\\')) {
    return field;
  }
  let text = '';
  for (let index = 0; index < field.length; index += 1) {
    const character = field[index]!;
    if (character !== '\\' || index === field.length - 1) {
      text += character;
    } else {
      index += 1;
      const next = field[index]!;
      text += UNESCAPED[next] ?? next;
    }
  }
  return text;
};

/**
 * A row of COPY text output as the values pg's own parsers gave the read-back (integers
 * and reals as numbers, everything else as text), so the checksum compares with the
 * source batch's canonical form (coerceBatch).
 */
export const decodeRow = (line: string, kinds: readonly TColumnKind[]): TValue[] => {
  const fields = line.split('\t');
  if (fields.length !== kinds.length) {
    throw new Error(`COPY read-back: expected ${kinds.length} fields, got ${fields.length}`);
  }
  const values = new Array<TValue>(fields.length);
  for (let index = 0; index < fields.length; index += 1) {
    const text = decodeField(fields[index]!);
    values[index] = text === null || kinds[index] === 'text' ? text : Number(text);
  }
  return values;
};

/**
 * Whole lines from COPY output chunks, which may end anywhere, even inside a row or a
 * UTF-8 character. push returns the lines a chunk completes; end what was left over
 * (empty when the output ended on a line end, as COPY's always does).
 */
export const lineSplitter = () => {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  return {
    push: (chunk: Buffer): string[] => {
      const lines = (rest + decoder.write(chunk)).split('\n');
      rest = lines.pop()!;
      return lines;
    },
    end: (): string => rest + decoder.end(),
  };
};
