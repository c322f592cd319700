import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { TDestinationTable } from '@portal/domain/data-sync-catalogue-api';
import { categoriseError } from '@portal/domain/sync-errors';
import { SYNC_DESTINATION_TABLES, type TSyncDestination } from '@portal/domain/sync-destinations';
import type { TConfig } from '../../config';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { openConfiguredWarehouse } from '../../sync/warehouse/index';
import type { TWarehouse } from '../../sync/warehouse/types';

/**
 * What the group editor builds from (issue 31): the destination tables' portal columns
 * with their primary keys, and the warehouse opened for one catalogue or preview.
 */

type TColumnRow = {
  table_name: string;
  column_name: string;
  data_type: string;
  nullable: number | string | boolean;
  pk: number | string | boolean;
  position: number | string;
};

const isTrue = (value: number | string | boolean) =>
  value === true || value === 1 || value === '1' || value === 'YES' || value === 't';

/** One query per dialect: every column of the given tables, its type, nullability and key. */
const columnsSql = (dialect: TDialect, tables: readonly string[]): RawBuilder<TColumnRow> => {
  // Bound, though every name comes from SYNC_DESTINATION_TABLES.
  const names = sql.join([...tables]);
  if (dialect === 'sqlite') {
    return sql<TColumnRow>`SELECT m.name AS table_name, p.name AS column_name, p.type AS data_type,
      1 - p."notnull" AS nullable, p.pk > 0 AS pk, p.cid AS position
      FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p
      WHERE m.type = 'table' AND m.name IN (${names})
      ORDER BY m.name, p.cid`;
  }
  if (dialect === 'mysql') {
    return sql<TColumnRow>`SELECT TABLE_NAME AS table_name, COLUMN_NAME AS column_name,
      COLUMN_TYPE AS data_type, IS_NULLABLE AS nullable, COLUMN_KEY = 'PRI' AS pk,
      ORDINAL_POSITION AS position
      FROM information_schema.columns
      WHERE table_schema = DATABASE() AND table_name IN (${names})
      ORDER BY TABLE_NAME, ORDINAL_POSITION`;
  }
  return sql<TColumnRow>`SELECT c.table_name, c.column_name,
      CASE WHEN c.character_maximum_length IS NULL THEN c.data_type
        ELSE c.data_type || '(' || c.character_maximum_length || ')' END AS data_type,
      c.is_nullable AS nullable, k.column_name IS NOT NULL AS pk, c.ordinal_position AS position
      FROM information_schema.columns AS c
      LEFT JOIN (
        SELECT u.table_name, u.column_name
        FROM information_schema.table_constraints AS t
        JOIN information_schema.key_column_usage AS u
          ON u.constraint_schema = t.constraint_schema AND u.constraint_name = t.constraint_name
          AND u.table_name = t.table_name
        WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = current_schema()
      ) AS k ON k.table_name = c.table_name AND k.column_name = c.column_name
      WHERE c.table_schema = current_schema() AND c.table_name IN (${names})
      ORDER BY c.table_name, c.ordinal_position`;
};

/**
 * The portal columns of the given sync destinations (all by default, in
 * SYNC_DESTINATION_TABLES order), each flagged when it belongs to the primary key.
 */
export const destinationTables = async (
  db: Kysely<Database>,
  dialect: TDialect,
  tables: readonly TSyncDestination[] = SYNC_DESTINATION_TABLES,
): Promise<TDestinationTable[]> => {
  const { rows } = await columnsSql(dialect, tables).execute(db);
  return tables.map((name) => ({
    name,
    columns: rows
      .filter((row) => row.table_name === name)
      .sort((a, b) => Number(a.position) - Number(b.position))
      .map((row) => ({
        name: row.column_name,
        type: row.data_type,
        nullable: isTrue(row.nullable),
        key: isTrue(row.pk),
      })),
  }));
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The warehouse's words on a mapping it would not run, for a 400: the message without
 * the statement it quotes after 'LINE n:' (the editor shows the compiled SQL itself).
 */
export const warehouseMessage = (error: unknown) =>
  messageOf(error)
    .replace(/\n\s*LINE \d+:[\s\S]*$/, '')
    .trim();

/**
 * A warehouse failure as an answer: the warehouse away or refusing the portal's sign-in is
 * no fault of the mapping (503); anything else (a missing column, bad SQL, a refusal, the
 * time limit) is the mapping's (400), in the warehouse's own words.
 */
export const warehouseFailure = (error: unknown) => {
  if (error instanceof AppError) {
    return error;
  }
  const { category } = categoriseError(error);
  if (category === 'connection_error' || category === 'authentication_error') {
    return new AppError('unavailable', `Warehouse connection failed: ${warehouseMessage(error)}`, {
      cause: error,
    });
  }
  return new AppError('bad_request', warehouseMessage(error), { cause: error });
};

/** Opens the configured warehouse for one piece of work and always closes it. */
export const withWarehouse = async <T>(
  config: Pick<TConfig, 'warehouseUrl' | 'warehouseStatementTimeoutMs' | 'warehouseMemoryMb'>,
  work: (warehouse: TWarehouse) => Promise<T>,
): Promise<T> => {
  let warehouse: TWarehouse;
  try {
    warehouse = await openConfiguredWarehouse(config);
  } catch (error) {
    throw new AppError('unavailable', `Warehouse connection failed: ${messageOf(error)}`, {
      cause: error,
    });
  }
  try {
    return await work(warehouse);
  } finally {
    await warehouse.close().catch(() => undefined);
  }
};
