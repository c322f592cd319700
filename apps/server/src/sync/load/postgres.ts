import pg from 'pg';
import '../../db/database';
import { columnKind, type TDestinationColumn } from '../batch';
import { checksumOfSum } from '../checksum';
import { inDatabase, postgresChecksumSql } from './checksum-sql';
import { numberedPlaceholders, runSteps } from './incremental';
import { copyOutChecksum, openCopyIn } from './pg-copy';
import { emptyTableRebuild, type TIndexRebuild } from './pg-empty-table';
import { encodeRows } from './pg-copy-text';
import {
  STAGE_TABLE,
  changedRowCondition,
  readBackSql,
  runAfterLoad,
  updateColumns,
  type TDestinationState,
  type TLoadOptions,
  type TLoadPlan,
  type TLoadStep,
  type TLoader,
  type TLoaderOptions,
} from './types';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * An upsert's staged row that the table does not already hold as it is. An incremental
 * run stages every row of a touched key and most are as they were: ON CONFLICT's DO UPDATE
 * leaves such a row unwritten but locks it first, and the lock is a WAL record, with the
 * whole page's image when it is the page's first change since a checkpoint (at 110k
 * patients, 50k locks and 355 MB of WAL of the run's 1.45 GB). A scalar subquery, not
 * NOT EXISTS: it stays one probe of the key's index per staged row, as the conflict check
 * is, whatever the planner thinks of the staging table's size (an anti join could read the
 * whole table).
 */
const notHeldSql = (plan: TLoadPlan, table: string) => {
  const held = plan.columns.map((column) => `t.${quote(column.name)}`).join(', ');
  const staged = plan.columns.map((column) => `s.${quote(column.name)}`).join(', ');
  const byKey = plan.keyColumns.map((key) => `t.${quote(key)} = s.${quote(key)}`).join(' AND ');
  return `(SELECT 1 FROM ${table} t WHERE ${byKey}
             AND (${held}) IS NOT DISTINCT FROM (${staged})) IS NULL`;
};

/** Rows per COPY data chunk: about half a megabyte of text for an orders row. */
const ROWS_PER_CHUNK = 4096;

/**
 * PostgreSQL: one transaction on the loader's own connection. The rows stream in with
 * `COPY ... FROM STDIN` (text format, ./pg-copy-text.ts): straight into the table for a
 * replace (after a DELETE, so readers keep seeing the previous rows until COMMIT, MVCC;
 * into a table with no rows, its indexes built after them: ./pg-empty-table.ts), or
 * into a temporary staging table for an upsert or append, moved by one INSERT ... SELECT.
 * Reconciliation's count and content checksum are one aggregate statement
 * (./checksum-sql.ts); only a table with real columns is read back, with
 * `COPY (SELECT ...) TO STDOUT`, and hashed in Node as it streams.
 */
export const openPostgresLoader = async (
  url: string,
  options: TLoaderOptions = {},
): Promise<TLoader> => {
  const rowsPerChunk = options.rowsPerStatement ?? ROWS_PER_CHUNK;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const encoding = await client.query<{ server_encoding: string }>('SHOW server_encoding');
  const utf8 = encoding.rows[0]?.server_encoding.toUpperCase() === 'UTF8';

  const describe = async (table: string): Promise<TDestinationColumn[]> => {
    const result = await client.query<{ column_name: string; udt_name: string }>(
      `SELECT column_name, udt_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    );
    return result.rows.map((row) => ({
      name: row.column_name,
      dataType: row.udt_name,
      kind: columnKind(row.udt_name),
    }));
  };

  const readBack = async (plan: TLoadPlan): Promise<TDestinationState> => {
    const stage = quote(STAGE_TABLE);
    if (!inDatabase(plan.columns)) {
      return copyOutChecksum(
        client,
        readBackSql(plan, quote, stage),
        plan.columns.map((column) => column.kind),
      );
    }
    const result = await client.query<unknown[]>({
      text: postgresChecksumSql({ plan, quote, stage, utf8 }),
      rowMode: 'array',
    });
    const [rows, sum] = result.rows[0] ?? [];
    const checksum = checksumOfSum(rows, sum);
    return { count: checksum.rows, checksum };
  };

  // Incremental steps (issue 33), see ./incremental.ts.
  const runStep = async (step: TLoadStep) => {
    const result = await client.query<unknown[]>({
      text: numberedPlaceholders(step.sql),
      values: step.params ?? [],
      rowMode: 'array',
    });
    return { changes: result.rowCount ?? 0, scalar: result.rows[0]?.[0] };
  };

  /** Streams every batch into target; returns the rows sent. A failure cancels the COPY. */
  const copyBatches = async (
    target: string,
    plan: TLoadPlan,
    { batches, onBatch }: Pick<TLoadOptions, 'batches' | 'onBatch'>,
  ) => {
    const names = plan.columns.map((column) => quote(column.name)).join(', ');
    const copy = openCopyIn(client, `COPY ${target} (${names}) FROM STDIN`);
    let rows = 0;
    try {
      for await (const batch of batches) {
        for (let from = 0; from < batch.rowCount; from += rowsPerChunk) {
          await copy.write(
            encodeRows(batch.columns, from, Math.min(from + rowsPerChunk, batch.rowCount)),
          );
        }
        rows += batch.rowCount;
        await onBatch?.(rows);
      }
      await copy.end();
      return rows;
    } catch (error) {
      await copy.abort(error);
      throw error;
    }
  };

  const load = async (loadOptions: TLoadOptions) => {
    const { plan, verify, afterLoad = [], refilled = [], before = [], after = [] } = loadOptions;
    const staged = plan.mode !== 'replace';
    const table = quote(plan.table);
    const target = staged ? quote(STAGE_TABLE) : table;
    const names = plan.columns.map((column) => quote(column.name)).join(', ');

    let rebuild: TIndexRebuild | undefined;
    await client.query('BEGIN');
    try {
      if (staged) {
        await client.query(
          `CREATE TEMP TABLE ${target} (LIKE ${table} INCLUDING DEFAULTS) ON COMMIT DROP`,
        );
      } else {
        // An empty table's indexes are built after its rows (./pg-empty-table.ts). Else
        // DELETE, not TRUNCATE: TRUNCATE would lock readers out until COMMIT.
        rebuild = await emptyTableRebuild(client, plan.table);
        for (const statement of rebuild?.drop ?? [`DELETE FROM ${table}`]) {
          await client.query(statement);
        }
      }
      const rows = await copyBatches(target, plan, loadOptions);
      for (const statement of rebuild?.build ?? []) {
        await client.query(statement);
      }

      await runSteps(before, runStep);
      let destination: TDestinationState;
      if (plan.mode === 'append') {
        const result = await client.query(
          `INSERT INTO ${table} (${names}) SELECT ${names} FROM ${target}`,
        );
        destination = { count: result.rowCount ?? 0, checksum: undefined };
      } else {
        if (plan.mode === 'upsert') {
          const updates = updateColumns(plan);
          const action =
            updates.length === 0
              ? 'DO NOTHING'
              : `DO UPDATE SET ${updates.map((name) => `${quote(name)} = EXCLUDED.${quote(name)}`).join(', ')}
                 WHERE ${changedRowCondition('postgres', table, updates, quote)}`;
          await client.query(
            `INSERT INTO ${table} (${names}) SELECT ${names} FROM ${target} s
             WHERE ${notHeldSql(plan, table)}
             ON CONFLICT (${plan.keyColumns.map(quote).join(', ')}) ${action}`,
          );
        }
        destination = await readBack(plan);
      }
      verify(destination);
      await runAfterLoad(
        afterLoad,
        (statement) => client.query(statement),
        async (name) => {
          const result = await client.query<{ empty: boolean }>(
            `SELECT NOT EXISTS (SELECT 1 FROM ${quote(name)}) AS empty`,
          );
          return result.rows[0]?.empty === true;
        },
      );
      await runSteps(after, runStep);
      await client.query('COMMIT');
      // Fresh statistics, or the planner judges a million new rows by an empty table's,
      // and a visibility map, or no index-only scan can skip the heap (measured: a deep
      // patient page sorted the payor's 23k rows in 47 ms; after this, 10 ms from the
      // index). It also reclaims the rows a replace deleted. Best effort, after commit
      // (VACUUM cannot run in a transaction). The derived tables the load rewrote in full
      // likewise: left to autovacuum (which a server may run without, or reach minutes
      // later), at a million patients the worklist's search by name took 1.2 s where it
      // takes 0.34 s after (docs/benchmarks.md, session 33). An upsert changes the rows
      // that differ, a small share of the table on an incremental run (whose VACUUM read
      // every index: 5.4 s of 44 at 110k patients): those are left to autovacuum, whose
      // thresholds are made for that.
      if (plan.mode !== 'upsert') {
        for (const name of [plan.table, ...refilled]) {
          await client.query(`VACUUM (ANALYZE) ${quote(name)}`).catch(() => undefined);
        }
      }
      return { rowsInserted: rows, destination };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };

  // One statement reads a consistent snapshot on its own: no transaction needed.
  const inspect = (table: string, columns: TDestinationColumn[]) =>
    readBack({ table, columns, mode: 'replace', keyColumns: [] });

  const derive = async (statements: readonly string[]) => {
    await client.query('BEGIN');
    try {
      for (const statement of statements) {
        await client.query(statement);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };

  return { dialect: 'postgres', describe, load, inspect, derive, close: () => client.end() };
};
