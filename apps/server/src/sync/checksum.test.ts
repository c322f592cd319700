import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coerceBatch, columnKind, type TBatch } from './batch';
import { addBatch, addRows, checksumOfSum, emptyChecksum, formatChecksum } from './checksum';
import { AWKWARD_TEXTS } from './load/copy-texts';
import { hashRow } from './row-md5';

const batchOf = (rows: (string | number | null)[][]): TBatch => ({
  rowCount: rows.length,
  columns: rows[0]!.map((_, column) => rows.map((row) => row[column]!)),
});

const checksumOf = (rows: (string | number | null)[][]) => {
  const state = emptyChecksum();
  addBatch(state, batchOf(rows));
  return formatChecksum(state);
};

describe('content checksum', () => {
  const rows = [
    ['1', 'Ann', 10],
    ['2', null, 20],
    ['3', 'Bo', null],
  ];

  it('does not depend on row order and equals the read-back form', () => {
    expect(checksumOf([rows[2]!, rows[0]!, rows[1]!])).toBe(checksumOf(rows));
    const readBack = emptyChecksum();
    // Drivers hand numbers back as number or bigint; both canonicalise the same.
    addRows(readBack, [
      ['3', 'Bo', null],
      ['1', 'Ann', 10n],
      ['2', null, 20],
    ]);
    expect(formatChecksum(readBack)).toBe(checksumOf(rows));
  });

  it('changes when a value changes, moves between columns, or turns null', () => {
    const base = checksumOf(rows);
    expect(checksumOf([['1', 'Ann', 11], rows[1]!, rows[2]!])).not.toBe(base);
    expect(checksumOf([['1', null, 10], rows[1]!, rows[2]!])).not.toBe(base);
    expect(checksumOf([['1', '', 10], rows[1]!, rows[2]!])).not.toBe(
      checksumOf([['1', null, 10], rows[1]!, rows[2]!]),
    );
    expect(checksumOf([['1A', 'nn', 10], rows[1]!, rows[2]!])).not.toBe(base);
    expect(checksumOf([...rows, rows[0]!])).not.toBe(base);
  });
});

describe('row hash', () => {
  /** What the databases hash: the canonical text as UTF-8, through a real MD5. */
  const reference = (row: (string | number | null)[]) =>
    createHash('md5')
      .update(row.map((value) => `${value === null ? '\u2400' : String(value)}\u001f`).join(''))
      .digest('hex')
      .slice(0, 16);
  const hashed = (row: (string | number | null)[]) => {
    const out = { high: 0, low: 0 };
    hashRow(row, out);
    return out.high.toString(16).padStart(8, '0') + out.low.toString(16).padStart(8, '0');
  };

  it('is the first 64 bits of the MD5 of the row’s UTF-8 text, at every length', () => {
    const rows: (string | number | null)[][] = [
      [],
      [null],
      [''],
      [...AWKWARD_TEXTS],
      ['lone \ud800 surrogate', '\udc00', 42, -7, 0, Number.MAX_SAFE_INTEGER, null],
      // Longer than the hash's first buffer, so it grows mid-row.
      ['y'.repeat(5000), 'é'.repeat(3000), '😀'.repeat(2000)],
      // Every padding boundary of a 64-byte block.
      ...Array.from({ length: 140 }, (_, length) => ['a'.repeat(length)]),
    ];
    for (const row of rows) {
      expect(hashed(row)).toBe(reference(row));
    }
  });

  it('sums modulo 2^64, carrying between the halves, as a database’s exact sum reads', () => {
    const state = emptyChecksum();
    const rows = Array.from({ length: 3000 }, (_, index) => [String(index), 'x']);
    addRows(state, rows);
    let total = 0n;
    for (const row of rows) {
      total += BigInt(`0x${reference(row)}`);
    }
    expect(formatChecksum(state)).toBe(BigInt.asUintN(64, total).toString(16).padStart(16, '0'));
    // PostgreSQL sums the hashes as signed 64-bit numbers: the same sum modulo 2^64.
    const signed = rows.reduce(
      (sum, row) => sum + BigInt.asIntN(64, BigInt(`0x${reference(row)}`)),
      0n,
    );
    expect(formatChecksum(checksumOfSum(3000, signed.toString()))).toBe(formatChecksum(state));
    expect(checksumOfSum(3000, total.toString())).toEqual(state);
  });
});

describe('coercing to destination columns', () => {
  it('turns keys into text and numeric text into numbers', () => {
    const batch = coerceBatch(batchOf([[100001, '42', '', 'x']]), [
      'text',
      'integer',
      'integer',
      'integer',
    ]);
    expect(batch.columns.map((column) => column[0])).toEqual(['100001', 42, null, 'x']);
  });

  it('reads each dialect’s type names', () => {
    expect(
      ['varchar(64)', 'int8', 'bigint(20)', 'INTEGER', 'double precision', 'text', 'smallint'].map(
        columnKind,
      ),
    ).toEqual(['text', 'integer', 'integer', 'integer', 'real', 'text', 'integer']);
  });
});
