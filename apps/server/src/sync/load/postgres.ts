import pg from 'pg';
import '../../db/database';
import { columnKind, type TBatch, type TDestinationColumn, type TValue } from '../batch';
import { addRows, emptyChecksum } from '../checksum';
import {
  STAGE_TABLE,
  readBackSql,
  updateColumns,
  type TDestinationState,
  type TLoadOptions,
  type TLoadPlan,
  type TLoader,
  type TLoaderOptions,
} from './types';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const ARRAY_SPECIAL = /["\\]/;
const ARRAY_ESCAPE = /["\\]/g;

/**
 * A PostgreSQL array literal ({"a","b",NULL,42}) built in one pass. pg would
 * serialise a JavaScript array too, but with two regex replacements per element,
 * which at millions of values is most of this process's work.
 */
export const arrayLiteral = (values: readonly TValue[]): string => {
  const parts = new Array<string>(values.length);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] as TValue;
    if (value === null) {
      parts[index] = 'NULL';
    } else if (typeof value === 'number') {
      parts[index] = Number.isFinite(value) ? String(value) : 'NULL';
    } else {
      parts[index] = ARRAY_SPECIAL.test(value)
        ? `"${value.replace(ARRAY_ESCAPE, '\\$&')}"`
        : `"${value}"`;
    }
  }
  return `{${parts.join(',')}}`;
};
const ROWS_PER_STATEMENT = 10_000;
const READ_BACK_ROWS = 10_000;

/**
 * PostgreSQL: one transaction on the loader's own connection. Each statement
 * inserts thousands of rows as one array per column (INSERT ... SELECT FROM
 * unnest($1::varchar[], $2::int8[], ...)), which parses once however many rows
 * it carries. Readers keep seeing the previous rows until COMMIT (MVCC).
 */
export const openPostgresLoader = async (
  url: string,
  options: TLoaderOptions = {},
): Promise<TLoader> => {
  const rowsPerStatement = options.rowsPerStatement ?? ROWS_PER_STATEMENT;
  const client = new pg.Client({ connectionString: url });
  await client.connect();

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

  const insertInto = (target: string, plan: TLoadPlan, suffix = '') => {
    const names = plan.columns.map((column) => quote(column.name)).join(', ');
    const arrays = plan.columns
      .map((column, index) => `$${index + 1}::${column.dataType}[]`)
      .join(', ');
    return `INSERT INTO ${target} (${names}) SELECT * FROM unnest(${arrays})${suffix}`;
  };

  const readBack = async (plan: TLoadPlan): Promise<TDestinationState> => {
    const checksum = emptyChecksum();
    await client.query(
      `DECLARE _sync_read NO SCROLL CURSOR FOR ${readBackSql(plan, quote, quote(STAGE_TABLE))}`,
    );
    for (;;) {
      const result = await client.query<unknown[]>({
        text: `FETCH FORWARD ${READ_BACK_ROWS} FROM _sync_read`,
        rowMode: 'array',
      });
      addRows(checksum, result.rows);
      if (result.rows.length < READ_BACK_ROWS) {
        break;
      }
    }
    await client.query('CLOSE _sync_read');
    return { count: checksum.rows, checksum };
  };

  const load = async ({ plan, batches, onBatch, verify, afterLoad = [] }: TLoadOptions) => {
    const staged = plan.mode !== 'replace';
    const table = quote(plan.table);
    const target = staged ? quote(STAGE_TABLE) : table;
    const statement = insertInto(target, plan);
    const buffer: TValue[][] = plan.columns.map(() => []);
    let buffered = 0;
    let rows = 0;
    // One statement in flight while the next batch is read and built: the database and
    // this process work at the same time. A failure surfaces at the next flush.
    let inFlight: Promise<void> = Promise.resolve();
    let failure: Error | undefined;
    const flush = async () => {
      await inFlight;
      if (failure !== undefined) {
        throw failure;
      }
      if (buffered === 0) {
        return;
      }
      const arrays = buffer.map((column) => arrayLiteral(column.splice(0)));
      buffered = 0;
      inFlight = client.query(statement, arrays).then(
        () => undefined,
        (error: unknown) => {
          failure = error instanceof Error ? error : new Error(String(error));
        },
      );
    };
    const append = (batch: TBatch) => {
      batch.columns.forEach((column, index) => {
        const into = buffer[index]!;
        for (const value of column) {
          into.push(value);
        }
      });
      buffered += batch.rowCount;
    };

    await client.query('BEGIN');
    try {
      if (staged) {
        await client.query(
          `CREATE TEMP TABLE ${target} (LIKE ${table} INCLUDING DEFAULTS) ON COMMIT DROP`,
        );
      } else {
        // DELETE, not TRUNCATE: TRUNCATE would lock readers out until COMMIT.
        await client.query(`DELETE FROM ${table}`);
      }
      for await (const batch of batches) {
        append(batch);
        rows += batch.rowCount;
        if (buffered >= rowsPerStatement) {
          await flush();
        }
        await onBatch?.(rows);
      }
      // The second call waits for the last statement and reports its failure.
      await flush();
      await flush();

      let destination: TDestinationState;
      if (plan.mode === 'append') {
        const names = plan.columns.map((column) => quote(column.name)).join(', ');
        const result = await client.query(
          `INSERT INTO ${table} (${names}) SELECT ${names} FROM ${target}`,
        );
        destination = { count: result.rowCount ?? 0, checksum: undefined };
      } else {
        if (plan.mode === 'upsert') {
          const names = plan.columns.map((column) => quote(column.name)).join(', ');
          const updates = updateColumns(plan);
          const action =
            updates.length === 0
              ? 'DO NOTHING'
              : `DO UPDATE SET ${updates.map((name) => `${quote(name)} = EXCLUDED.${quote(name)}`).join(', ')}`;
          await client.query(
            `INSERT INTO ${table} (${names}) SELECT ${names} FROM ${target}
             ON CONFLICT (${plan.keyColumns.map(quote).join(', ')}) ${action}`,
          );
        }
        destination = await readBack(plan);
      }
      verify(destination);
      for (const statement of afterLoad) {
        await client.query(statement);
      }
      await client.query('COMMIT');
      // Fresh statistics, or the planner judges a million new rows by an empty table's,
      // and a visibility map, or no index-only scan can skip the heap (measured: a deep
      // patient page sorted the payor's 23k rows in 47 ms; after this, 10 ms from the
      // index). It also reclaims the rows a replace deleted. Best effort, after commit
      // (VACUUM cannot run in a transaction): autovacuum gets there in time anyway.
      await client.query(`VACUUM (ANALYZE) ${table}`).catch(() => undefined);
      return { rowsInserted: rows, destination };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };

  // The read-back reads through a cursor, which lives only inside a transaction.
  const inspect = async (table: string, columns: TDestinationColumn[]) => {
    await client.query('BEGIN READ ONLY');
    try {
      return await readBack({ table, columns, mode: 'replace', keyColumns: [] });
    } finally {
      await client.query('COMMIT').catch(() => undefined);
    }
  };

  return { dialect: 'postgres', describe, load, inspect, close: () => client.end() };
};
