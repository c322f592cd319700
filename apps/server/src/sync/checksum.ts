import type { TBatch, TValue } from './batch';

/**
 * An order-independent content checksum: each row's values are hashed twice
 * (two 32-bit FNV-1a variants) and the hashes are summed modulo 2^32. The same
 * rows in any order give the same result, and a changed value, a lost row or an
 * extra row changes it. Source and destination compute it on the same
 * canonical form (see coerceBatch), so it compares across databases.
 */
export type TChecksum = { rows: number; sumA: number; sumB: number };

export const emptyChecksum = (): TChecksum => ({ rows: 0, sumA: 0, sumB: 0 });

const NULL_MARK = 0x2400;
const SEPARATOR = 0x1f;

const addRow = (state: TChecksum, values: readonly TValue[]) => {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let column = 0; column < values.length; column += 1) {
    const value = values[column];
    if (value === null || value === undefined) {
      a = Math.imul(a ^ NULL_MARK, 0x01000193);
      b = Math.imul(b ^ NULL_MARK, 0x5bd1e995);
    } else {
      const text = typeof value === 'string' ? value : String(value);
      for (let index = 0; index < text.length; index += 1) {
        const code = text.charCodeAt(index);
        a = Math.imul(a ^ code, 0x01000193);
        b = Math.imul(b ^ code, 0x5bd1e995);
      }
    }
    a = Math.imul(a ^ SEPARATOR, 0x01000193);
    b = Math.imul(b ^ SEPARATOR, 0x5bd1e995);
  }
  state.rows += 1;
  state.sumA = (state.sumA + (a >>> 0)) >>> 0;
  state.sumB = (state.sumB + ((b ^ (b >>> 15)) >>> 0)) >>> 0;
};

export const addBatch = (state: TChecksum, batch: TBatch) => {
  const row: TValue[] = new Array<TValue>(batch.columns.length);
  for (let index = 0; index < batch.rowCount; index += 1) {
    for (let column = 0; column < batch.columns.length; column += 1) {
      row[column] = batch.columns[column]![index]!;
    }
    addRow(state, row);
  }
};

/** Adds one row read back from a database (a row array, numbers possibly as bigint). */
export const addReadBackRow = (state: TChecksum, row: readonly unknown[]) => {
  addRow(
    state,
    row.map((value) =>
      value === null || value === undefined
        ? null
        : typeof value === 'bigint'
          ? Number(value)
          : (value as TValue),
    ),
  );
};

/** Adds rows read back from a database. */
export const addRows = (state: TChecksum, rows: readonly (readonly unknown[])[]) => {
  for (const row of rows) {
    addReadBackRow(state, row);
  }
};

export const formatChecksum = (state: TChecksum) =>
  state.sumA.toString(16).padStart(8, '0') + state.sumB.toString(16).padStart(8, '0');
