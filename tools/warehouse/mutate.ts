import { access } from 'node:fs/promises';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { orderSteps } from './mutate-orders';
import { peopleSteps } from './mutate-people';
import {
  mutationCounts,
  mutationSql,
  type TChangeKind,
  type TMutationCounts,
  type TWarehouseState,
} from './mutate-plan';
import { CURSOR_COLUMN, ERP_TABLES, type TErpTable } from './tables';

export type TMutateOptions = {
  /** The DuckDB warehouse to change in place. */
  file: string;
  /** About this percent of orders move one status; the other changes scale with it. */
  ordersPercent?: number;
  seed?: number;
  /** The mutation's time (default now); later than every LASTMODIFIED already there. */
  at?: Date | string;
};

export type TTableChanges = Record<TChangeKind, number>;

export type TMutationSummary = {
  file: string;
  /** ISO time written to LASTMODIFIED of every row the mutation inserted or changed. */
  at: string;
  seed: number;
  ordersPercent: number;
  counts: TMutationCounts;
  /** Per ERP table, rows inserted, updated in place, marked deleted, and keys superseded. */
  tables: Record<TErpTable, TTableChanges>;
  ms: number;
};

const SECOND_US = 1_000_000n;

const one = async (connection: DuckDBConnection, sql: string) =>
  (await connection.runAndReadAll(sql)).getRowsJS()[0]!;

const readState = async (connection: DuckDBConnection): Promise<TWarehouseState> => {
  const found = new Set(
    (
      await connection.runAndReadAll(
        `SELECT table_name FROM duckdb_columns() WHERE column_name = '${CURSOR_COLUMN}' AND database_name = current_database()`,
      )
    )
      .getRowsJS()
      .map(([name]) => name as string),
  );
  const missing = ERP_TABLES.filter((table) => !found.has(table));
  if (missing.length > 0) {
    throw new Error(
      `The warehouse has no ${CURSOR_COLUMN} column in ${missing.join(', ')}: generate it again with npm run warehouse:generate`,
    );
  }
  const live = (table: string, where = 'TRUE') =>
    `(SELECT count(*) FROM ${table} WHERE ISLATEST AND NOT ISDELETED AND ${where})`;
  const [orders, items, patients, persons, addresses, primaries, secondaries, doctors, last] =
    await one(
      connection,
      `SELECT ${live('SALESORDERS')}, ${live('SALESORDERITEMS')}, ${live('PATIENTS')}, ${live('PERSONS')},
        ${live('ADDRESSES')}, ${live('PATIENTPAYORS', 'PAYORLEVEL = 1')}, ${live('PATIENTPAYORS', 'PAYORLEVEL > 1')},
        ${live('DOCTORS')},
        greatest(${ERP_TABLES.map((table) => `(SELECT max(epoch_us(${CURSOR_COLUMN})) FROM ${table})`).join(', ')})`,
    );
  return {
    liveOrders: Number(orders),
    liveItems: Number(items),
    livePatients: Number(patients),
    livePersons: Number(persons),
    liveAddresses: Number(addresses),
    livePrimaries: Number(primaries),
    liveSecondaries: Number(secondaries),
    liveDoctors: Number(doctors),
    lastModifiedUs: typeof last === 'bigint' ? last : 0n,
  };
};

const usOf = (date: Date) => BigInt(date.getTime()) * 1000n;
const isoOf = (us: bigint) => new Date(Number(us / 1000n)).toISOString();

/** The mutation's time: `at` if given (it must be later than every change so far), else now. */
const mutationTime = (at: TMutateOptions['at'], lastUs: bigint): bigint => {
  if (at === undefined) {
    const now = usOf(new Date());
    // A warehouse generated as of later today: the next change comes after its export.
    return now > lastUs ? now : (lastUs / SECOND_US + 1n) * SECOND_US;
  }
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) {
    throw new Error(`--at must be an ISO date and time, got "${String(at)}"`);
  }
  const us = usOf(date);
  if (us <= lastUs) {
    throw new Error(
      `--at ${date.toISOString()} is not after the warehouse's last change (${isoOf(lastUs)})`,
    );
  }
  return us;
};

const emptyChanges = (): TTableChanges => ({ inserted: 0, updated: 0, deleted: 0, superseded: 0 });

/**
 * Applies a day's worth of the ERP's changes to a generated warehouse, in one
 * transaction: orders move along the status workflow, new patients and orders
 * arrive, phones and addresses change, some rows are deleted or superseded. Every
 * row written gets LASTMODIFIED = the mutation's time. The same warehouse, seed and
 * time give the same result.
 */
export const mutateWarehouse = async (options: TMutateOptions): Promise<TMutationSummary> => {
  const started = Date.now();
  const ordersPercent = options.ordersPercent ?? 1;
  const seed = options.seed ?? 1;
  if (!Number.isFinite(ordersPercent) || ordersPercent < 0 || ordersPercent > 100) {
    throw new Error(`--orders-percent must be a number from 0 to 100, got ${ordersPercent}`);
  }
  if (!Number.isSafeInteger(seed)) {
    throw new Error(`--seed must be a whole number, got ${seed}`);
  }
  await access(options.file).catch(() => {
    throw new Error(
      `No warehouse at ${options.file}: generate one with npm run warehouse:generate`,
    );
  });
  const instance = await DuckDBInstance.create(options.file);
  try {
    const connection = await instance.connect();
    try {
      const state = await readState(connection);
      const atUs = mutationTime(options.at, state.lastModifiedUs);
      const counts = mutationCounts(state, ordersPercent);
      const m = mutationSql({ seed, percent: ordersPercent, atUs, counts, state });
      const tables = Object.fromEntries(
        ERP_TABLES.map((table) => [table, emptyChanges()]),
      ) as Record<TErpTable, TTableChanges>;
      await connection.run('BEGIN TRANSACTION');
      try {
        for (const step of [...peopleSteps(m), ...orderSteps(m)]) {
          const result = await connection.run(step.sql).catch((error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            throw new Error(`${message}\n  in: ${step.sql.trim().slice(0, 200)}`);
          });
          if (step.table && step.kind) {
            tables[step.table][step.kind] += result.rowsChanged;
          }
        }
        await connection.run('COMMIT');
      } catch (error) {
        await connection.run('ROLLBACK');
        throw error;
      }
      return {
        file: options.file,
        at: isoOf(atUs),
        seed,
        ordersPercent,
        counts,
        tables,
        ms: Date.now() - started,
      };
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
};

/** The summary as a table: one line per ERP table the mutation changed. */
export const formatSummary = (summary: TMutationSummary): string[] => {
  const head = `  ${'table'.padEnd(26)}${['inserted', 'updated', 'deleted', 'superseded'].map((kind) => kind.padStart(12)).join('')}`;
  const lines = Object.entries(summary.tables)
    .filter(([, changes]) => Object.values(changes).some((count) => count > 0))
    .map(
      ([table, changes]) =>
        `  ${table.padEnd(26)}${Object.values(changes)
          .map((count) => count.toLocaleString('en-US').padStart(12))
          .join('')}`,
    );
  return [
    `Mutated ${summary.file} at ${summary.at} (seed ${summary.seed}, ${summary.ordersPercent} % of orders) in ${(summary.ms / 1000).toFixed(1)} s`,
    head,
    ...lines,
  ];
};
