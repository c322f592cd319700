/**
 * Rows travel from the warehouse to the loaders column by column: one array per
 * column, all the same length. Values are already JSON-like: strings, numbers
 * and null (dates as 'YYYY-MM-DD', timestamps as epoch ms, flags as 0/1).
 */
export type TValue = string | number | null;

export type TBatch = {
  rowCount: number;
  columns: TValue[][];
};

export type TColumnKind = 'text' | 'integer' | 'real';

export type TDestinationColumn = { name: string; kind: TColumnKind; dataType: string };

/** Column kind from a dialect's type name (varchar(64), int8, bigint, double precision...). */
export const columnKind = (dataType: string): TColumnKind => {
  const type = dataType.toLowerCase();
  if (/int|serial/.test(type)) {
    return 'integer';
  }
  if (/float|double|real|numeric|decimal/.test(type)) {
    return 'real';
  }
  return 'text';
};

const toText = (value: TValue): TValue =>
  value === null || typeof value === 'string' ? value : String(value);

const toNumber = (value: TValue): TValue => {
  if (value === null || typeof value === 'number') {
    return value;
  }
  const trimmed = value.trim();
  if (trimmed === '') {
    return null;
  }
  const number = Number(trimmed);
  // An unparseable value is passed through so the database rejects it with its own message.
  return Number.isNaN(number) ? value : number;
};

/** Converts values in place to what the destination columns store, so read-back compares equal. */
export const coerceBatch = (batch: TBatch, kinds: readonly TColumnKind[]): TBatch => {
  batch.columns.forEach((column, index) => {
    const convert = kinds[index] === 'text' ? toText : toNumber;
    for (let row = 0; row < column.length; row += 1) {
      column[row] = convert(column[row]!);
    }
  });
  return batch;
};
