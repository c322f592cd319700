import { describe, expect, it } from 'vitest';
import { AWKWARD_TEXTS } from './copy-texts';
import { encodeInfileRows, infileField } from './mysql-infile-text';

/** Texts LOAD DATA would misread or cut at if they were sent as they are. */
const AWKWARD = [...AWKWARD_TEXTS, 'nul \0 byte', 'ctrl-z \x1a', `O'Brien "Jr." \\0 \\Z`];

const READ_ESCAPES: Record<string, string> = {
  '0': '\0',
  b: '\b',
  n: '\n',
  r: '\r',
  t: '\t',
  Z: '\x1a',
};

/**
 * One field as LOAD DATA reads it with ESCAPED BY '\\' and no ENCLOSED BY (MariaDB's
 * documented rules): \N alone is NULL, \0 \b \n \r \t \Z are control characters, and a
 * backslash before any other character stands for that character.
 */
const readField = (field: string): string | null => {
  if (field === '\\N') {
    return null;
  }
  let text = '';
  for (let index = 0; index < field.length; index += 1) {
    const character = field[index]!;
    if (character === '\\' && index < field.length - 1) {
      index += 1;
      text += READ_ESCAPES[field[index]!] ?? field[index]!;
    } else {
      text += character;
    }
  }
  return text;
};

describe('LOAD DATA text format', () => {
  it('writes NULL as \\N and keeps the empty string and the word NULL as text', () => {
    expect(infileField(null)).toBe('\\N');
    expect(infileField('')).toBe('');
    expect(infileField('NULL')).toBe('NULL');
    expect(infileField('\\N')).toBe('\\\\N');
  });

  it('escapes exactly the backslash, tab, newline, carriage return and NUL', () => {
    expect(infileField('a\\b\tc\nd\re\0f')).toBe('a\\\\b\\tc\\nd\\re\\0f');
    expect(infileField(`Zoë 😀 \u0007 \x1a '"`)).toBe(`Zoë 😀 \u0007 \x1a '"`);
  });

  it('writes numbers as JavaScript prints them, and a non-finite number as NULL', () => {
    expect(infileField(0)).toBe('0');
    expect(infileField(-1)).toBe('-1');
    expect(infileField(1_700_000_000_000)).toBe('1700000000000');
    expect(infileField(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    expect(infileField(-Number.MAX_SAFE_INTEGER)).toBe('-9007199254740991');
    expect(infileField(2.5)).toBe('2.5');
    expect(infileField(Number.NaN)).toBe('\\N');
    expect(infileField(Number.NEGATIVE_INFINITY)).toBe('\\N');
  });

  it('encodes a range of rows as tab-separated lines', () => {
    const columns = [
      ['k1', 'k2', 'k3'],
      [1, null, 3],
      ['a\tb', '', 'c'],
    ];
    expect(encodeInfileRows(columns, 1, 3)).toBe('k2\t\\N\t\n' + 'k3\t3\tc\n');
    expect(encodeInfileRows(columns, 0, 0)).toBe('');
  });

  it('leaves no tab or line end inside a field, and reads back every awkward value', () => {
    for (const value of AWKWARD) {
      const field = infileField(value);
      expect(field).not.toMatch(/[\t\n]/);
      expect(readField(field)).toBe(value);
    }
    expect(readField(infileField(null))).toBeNull();
  });

  it('splits an encoded row back into its fields', () => {
    const row = [...AWKWARD, null];
    const line = encodeInfileRows(
      row.map((value) => [value]),
      0,
      1,
    );
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1).split('\t').map(readField)).toEqual(row);
  });
});
