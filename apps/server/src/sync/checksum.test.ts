import { describe, expect, it } from 'vitest';
import { coerceBatch, columnKind, type TBatch } from './batch';
import { addBatch, addRows, emptyChecksum, formatChecksum } from './checksum';

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
