import { describe, expect, it } from 'vitest';
import { AWKWARD_TEXTS } from './copy-texts';
import { copyField, decodeField, decodeRow, encodeRows, lineSplitter } from './pg-copy-text';

/** Text COPY would misread or cut at any of these if they were sent as they are. */
const AWKWARD = [...AWKWARD_TEXTS, '"quoted", {braces}, [brackets]'];

describe('COPY text format', () => {
  it('writes NULL as \\N and keeps the empty string empty', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField('')).toBe('');
    expect(copyField('NULL')).toBe('NULL');
    expect(copyField('\\N')).toBe('\\\\N');
  });

  it('escapes exactly the backslash, tab, newline and carriage return', () => {
    expect(copyField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyField('Zoë 😀 \u0007')).toBe('Zoë 😀 \u0007');
  });

  it('writes numbers as JavaScript prints them, and a non-finite number as NULL', () => {
    expect(copyField(0)).toBe('0');
    expect(copyField(-1)).toBe('-1');
    expect(copyField(1_700_000_000_000)).toBe('1700000000000');
    expect(copyField(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    expect(copyField(-Number.MAX_SAFE_INTEGER)).toBe('-9007199254740991');
    expect(copyField(2.5)).toBe('2.5');
    expect(copyField(Number.NaN)).toBe('\\N');
    expect(copyField(Number.POSITIVE_INFINITY)).toBe('\\N');
  });

  it('encodes a range of rows as tab-separated lines', () => {
    const columns = [
      ['k1', 'k2', 'k3'],
      [1, null, 3],
      ['a\tb', '', 'c'],
    ];
    expect(encodeRows(columns, 1, 3)).toBe('k2\t\\N\t\n' + 'k3\t3\tc\n');
    expect(encodeRows(columns, 0, 0)).toBe('');
  });

  it('reads back every awkward value it wrote', () => {
    for (const value of AWKWARD) {
      expect(decodeField(copyField(value))).toBe(value);
    }
    expect(decodeField('\\N')).toBeNull();
  });

  it('reads the escapes COPY TO writes for control characters', () => {
    expect(decodeField('\\b\\f\\n\\r\\t\\v\\\\')).toBe('\b\f\n\r\t\v\\');
  });

  it('splits a line into typed values by column kind', () => {
    const line = ['key\\twith tab', '\\N', '9007199254740991', '-42', '2.5', ''].join('\t');
    expect(decodeRow(line, ['text', 'text', 'integer', 'integer', 'real', 'text'])).toEqual([
      'key\twith tab',
      null,
      9_007_199_254_740_991,
      -42,
      2.5,
      '',
    ]);
    expect(() => decodeRow('a\tb', ['text'])).toThrow('expected 1 fields, got 2');
  });

  it('reassembles rows and characters that COPY output splits across chunks', () => {
    const bytes = Buffer.from('k1\tZoë 😀\nk2\t日本\n', 'utf8');
    const splitter = lineSplitter();
    const lines: string[] = [];
    // One byte at a time: every row and every multi-byte character is cut somewhere.
    for (let index = 0; index < bytes.length; index += 1) {
      lines.push(...splitter.push(bytes.subarray(index, index + 1)));
    }
    expect(lines).toEqual(['k1\tZoë 😀', 'k2\t日本']);
    expect(splitter.end()).toBe('');
    const cut = lineSplitter();
    expect(cut.push(Buffer.from('k3\tpartial'))).toEqual([]);
    expect(cut.end()).toBe('k3\tpartial');
  });
});
