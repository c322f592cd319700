import type { TBatch, TValue } from './batch';
import { hashRow, type TRowHash } from './row-md5';

/**
 * An order-independent content checksum: the first 64 bits of each row's MD5 (row-md5.ts:
 * its values as text, NULL as U+2400, each followed by U+001F, in UTF-8), summed modulo
 * 2^64, with the row count. The same rows in any order give the same result, and a
 * changed value, a lost row or an extra row changes it. Defined so each portal database
 * can compute it over a table itself (checksum-sql.ts): the warehouse's side is summed
 * here as the rows stream, the destination's in the database, and nothing is read back.
 * Both work on the same canonical form (see coerceBatch), so it compares across databases.
 */
export type TChecksum = {
  rows: number;
  /** The sum's high and low 32 bits. */
  sumA: number;
  sumB: number;
};

export const emptyChecksum = (): TChecksum => ({ rows: 0, sumA: 0, sumB: 0 });

const LOW = 0x100000000;
const hash: TRowHash = { high: 0, low: 0 };

const addRow = (state: TChecksum, values: readonly (TValue | undefined)[]) => {
  hashRow(values, hash);
  const low = state.sumB + hash.low;
  const carry = low >= LOW ? 1 : 0;
  state.rows += 1;
  state.sumB = low - carry * LOW;
  state.sumA = (state.sumA + hash.high + carry) >>> 0;
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

/**
 * The checksum a database computed (checksum-sql.ts): its row count and its sum of the
 * rows' 64-bit hashes, as the database's exact decimal (any size, either sign: the sum is
 * taken modulo 2^64 here).
 */
export const checksumOfSum = (rows: unknown, sum: unknown): TChecksum => {
  // No rows: SUM is NULL. Anything but an exact integer (a float the driver rounded) throws.
  const exact =
    typeof sum === 'string' || typeof sum === 'number' || typeof sum === 'bigint' ? sum : 0;
  const total = BigInt.asUintN(64, BigInt(exact));
  return {
    rows: Number(rows),
    sumA: Number(total >> 32n),
    sumB: Number(total & 0xffffffffn),
  };
};

export const formatChecksum = (state: TChecksum) =>
  state.sumA.toString(16).padStart(8, '0') + state.sumB.toString(16).padStart(8, '0');
