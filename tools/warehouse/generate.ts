import { rename, rm } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { warehouseStatements, type TWarehouseSize } from './sql';

export type TGenerateOptions = Partial<TWarehouseSize> & {
  /** The DuckDB file to write; replaced whole. */
  file: string;
};

export type TGenerateResult = { file: string; tables: Record<string, number>; ms: number };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Writes a DuckDB warehouse shaped like the ERP's Snowflake export. Written to a
 * temporary file and renamed, so a reader never opens a half-built warehouse.
 */
export const generateWarehouse = async (options: TGenerateOptions): Promise<TGenerateResult> => {
  const started = Date.now();
  const size: TWarehouseSize = {
    patients: options.patients ?? 3000,
    seed: options.seed ?? 1,
    ordersPerPatient: options.ordersPerPatient ?? 8,
    asOf: options.asOf ?? today(),
  };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(size.asOf)) {
    throw new Error(`asOf must be YYYY-MM-DD, got "${size.asOf}"`);
  }
  const building = `${options.file}.building-${process.pid}`;
  await rm(building, { force: true });
  const instance = await DuckDBInstance.create(building);
  const tables: Record<string, number> = {};
  try {
    const connection = await instance.connect();
    for (const statement of warehouseStatements(size)) {
      await connection.run(statement);
    }
    const reader = await connection.runAndReadAll(
      'SELECT table_name, estimated_size FROM duckdb_tables() WHERE NOT temporary ORDER BY table_name',
    );
    for (const [name, rows] of reader.getRowsJS()) {
      tables[name as string] = Number(rows);
    }
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
  await rm(`${building}.wal`, { force: true });
  await rename(building, options.file);
  return { file: options.file, tables, ms: Date.now() - started };
};
