import { sql, type Kysely } from 'kysely';
import { SAMPLE_ROWS, type TSamples } from '@portal/domain/data-sync-api';
import { destinationRefused, isSyncDestination } from '@portal/domain/sync-destinations';
import { ZMapping, type TMapping } from '@portal/domain/sync-mapping';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { coerceBatch, type TValue } from '../../sync/batch';
import { compileMapping } from '../../sync/compile';
import { findGroup } from '../../sync/groups';
import type { TSyncJobRow } from '../../sync/jobs';
import type { TLoader } from '../../sync/load/types';
import { destinationColumnsFor } from '../../sync/sync-mapping';
import type { TWarehouse } from '../../sync/warehouse/types';
import { containsPattern } from '../../lib/like';

type TRow = Record<string, TValue>;

/** The mapping a job ran: stored with the job, or (older jobs) found in its group. */
export const mappingOfJob = async (
  db: Kysely<Database>,
  job: TSyncJobRow,
): Promise<TMapping | undefined> => {
  if (job.mapping !== null) {
    return ZMapping.parse(JSON.parse(job.mapping));
  }
  if (job.group_id === null || job.mysql_table === null) {
    return undefined;
  }
  const group = await findGroup(db, job.group_id);
  return group?.mappings.find((mapping) => mapping.mysql_table === job.mysql_table);
};

const warehouseLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

const plainValue = (value: unknown): TValue => {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'number' || typeof value === 'string') {
    return value;
  }
  if (typeof value === 'bigint') {
    return Number(value);
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (Buffer.isBuffer(value)) {
    return value.toString('utf8');
  }
  return JSON.stringify(value);
};

const readWarehouse = async (warehouse: TWarehouse, query: string) => {
  const result = await warehouse.query(query);
  const rows: TRow[] = [];
  for await (const batch of result.batches) {
    for (let index = 0; index < batch.rowCount; index += 1) {
      rows.push(
        Object.fromEntries(
          result.columns.map((name, column) => [name, batch.columns[column]![index] ?? null]),
        ),
      );
    }
  }
  return { columns: result.columns, rows };
};

/**
 * The first SAMPLE_ROWS rows by key of what the mapping selects in the warehouse and
 * of the portal table, each optionally narrowed to rows where any column contains the
 * search text, and both tables' full counts. NULL stays null on both sides.
 */
export const dataSamples = async (options: {
  db: Kysely<Database>;
  dialect: TDialect;
  warehouse: TWarehouse;
  loader: TLoader;
  job: TSyncJobRow;
  mapping: TMapping;
  search: string | undefined;
}): Promise<TSamples> => {
  const { db, dialect, warehouse, loader, job, mapping } = options;
  const search = options.search?.trim() || undefined;
  const table = mapping.mysql_table;
  if (!isSyncDestination(table)) {
    throw new AppError('bad_request', destinationRefused(table));
  }
  const query = compileMapping(mapping, warehouse.dialect);
  const quote = warehouse.dialect.quote;

  const { columns } = await readWarehouse(warehouse, `SELECT * FROM (${query}) AS "_s" LIMIT 0`);
  const available = await loader.describe(table);
  if (available.length === 0) {
    throw new AppError(
      'bad_request',
      `Destination table ${table} not found in the portal database`,
    );
  }
  const destination = destinationColumnsFor(table, columns, available);
  const keys = mapping.key_columns.length > 0 ? mapping.key_columns : columns.slice(0, 1);
  const keyIndexes = keys.map((key) =>
    Math.max(
      0,
      destination.findIndex((column) => column.name.toLowerCase() === key.toLowerCase()),
    ),
  );

  const sourceWhere = search
    ? ` WHERE ${columns
        .map(
          (name) =>
            `CAST(${quote(name)} AS VARCHAR) ILIKE ${warehouseLiteral(containsPattern(search))} ESCAPE '!'`,
        )
        .join(' OR ')}`
    : '';
  // Text keys sort as text on both sides (a numeric warehouse key would put 10 before 9).
  const sourceOrder = keyIndexes
    .map((index) =>
      destination[index]!.kind === 'text'
        ? `CAST(${quote(columns[index]!)} AS VARCHAR)`
        : quote(columns[index]!),
    )
    .join(', ');
  const [source, sourceCount] = await Promise.all([
    readWarehouse(
      warehouse,
      `SELECT * FROM (${query}) AS "_s"${sourceWhere} ORDER BY ${sourceOrder} LIMIT ${SAMPLE_ROWS}`,
    ),
    warehouse.count(query),
  ]);

  const castType = sql.raw(dialect === 'mysql' ? 'CHAR' : 'TEXT');
  const refs = destination.map((column) => sql.ref(column.name));
  const where = search
    ? sql`WHERE ${sql.join(
        refs.map(
          (ref) =>
            sql`LOWER(CAST(${ref} AS ${castType})) LIKE ${containsPattern(search)} ESCAPE '!'`,
        ),
        sql` OR `,
      )}`
    : sql``;
  const order = sql.join(keyIndexes.map((index) => refs[index]!));
  const [portalRows, portalCount] = await Promise.all([
    sql<
      Record<string, unknown>
    >`SELECT ${sql.join(refs)} FROM ${sql.table(table)} ${where} ORDER BY ${order} LIMIT ${sql.lit(SAMPLE_ROWS)}`.execute(
      db,
    ),
    sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db),
  ]);
  const destinationCount = Number(portalCount.rows[0]?.n ?? 0);
  return {
    job_id: job.id,
    mysql_table: table,
    key_columns: keyIndexes.map((index) => destination[index]!.name),
    columns: destination.map((column) => column.name),
    search: search ?? null,
    source: {
      count: sourceCount,
      // Keyed by the portal's column names and converted as a load converts them, so
      // both sides line up column for column and compare equal when they hold the same.
      rows: source.rows.map((row) =>
        Object.fromEntries(
          columns.map((name, index) => {
            const batch = { rowCount: 1, columns: [[row[name] ?? null]] };
            coerceBatch(batch, [destination[index]!.kind]);
            return [destination[index]!.name, batch.columns[0]![0] ?? null];
          }),
        ),
      ),
    },
    destination: {
      count: destinationCount,
      rows: portalRows.rows.map((row) =>
        Object.fromEntries(
          destination.map((column) => [column.name, plainValue(row[column.name])]),
        ),
      ),
    },
    difference: sourceCount - destinationCount,
  };
};
