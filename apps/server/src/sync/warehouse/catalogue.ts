import type { TWarehouseTable } from '@portal/domain/data-sync-catalogue-api';

/**
 * The warehouse's own catalogue (issue 31's group editor): one row per column of every
 * user table and view, as both warehouses' information_schema.columns answer it.
 */
export type TCatalogueRow = {
  schema: string;
  table: string;
  column: string;
  type: string;
  /** information_schema's 'YES' / 'NO'. */
  nullable: string;
  position: number;
};

/**
 * Rows to tables sorted by schema, then name, with columns in their table's order. A
 * table in `bareSchema` (where the compiled SQL reads unqualified names) is named bare;
 * any other as SCHEMA.NAME.
 */
export const catalogueOf = (rows: readonly TCatalogueRow[], bareSchema: string | undefined) => {
  const tables = new Map<string, TWarehouseTable & { positions: number[] }>();
  for (const row of rows) {
    const key = JSON.stringify([row.schema, row.table]);
    let table = tables.get(key);
    if (!table) {
      table = {
        schema: row.schema,
        name: row.table,
        path: row.schema === bareSchema ? row.table : `${row.schema}.${row.table}`,
        columns: [],
        positions: [],
      };
      tables.set(key, table);
    }
    table.columns.push({
      name: row.column,
      type: row.type,
      nullable: row.nullable.toUpperCase() !== 'NO',
    });
    table.positions.push(row.position);
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...tables.values()]
    .sort((a, b) => byText(a.schema, b.schema) || byText(a.name, b.name))
    .map(({ positions, columns, ...table }): TWarehouseTable => ({
      ...table,
      columns: columns
        .map((column, index) => ({ column, position: positions[index]! }))
        .sort((a, b) => a.position - b.position)
        .map(({ column }) => column),
    }));
};

/** DuckDB: the open file's tables and views, without its internal schemas. */
export const DUCKDB_CATALOGUE_SQL = `SELECT table_schema, table_name, column_name, data_type, is_nullable, ordinal_position
FROM information_schema.columns
WHERE table_catalog = current_database() AND table_schema NOT IN ('information_schema', 'pg_catalog')
ORDER BY table_schema, table_name, ordinal_position`;

/**
 * Snowflake: the configured database's tables and views (its INFORMATION_SCHEMA left
 * out), NUMBER with its precision and scale as Snowflake shows it ('NUMBER(38,0)').
 */
export const snowflakeCatalogueSql = (database: string | undefined) => {
  const source = database
    ? `"${database.replaceAll('"', '""')}".INFORMATION_SCHEMA.COLUMNS`
    : 'INFORMATION_SCHEMA.COLUMNS';
  return `SELECT TABLE_SCHEMA, TABLE_NAME, COLUMN_NAME,
  CASE WHEN DATA_TYPE = 'NUMBER' AND NUMERIC_PRECISION IS NOT NULL
    THEN 'NUMBER(' || NUMERIC_PRECISION || ',' || NUMERIC_SCALE || ')' ELSE DATA_TYPE END AS DATA_TYPE,
  IS_NULLABLE, ORDINAL_POSITION
FROM ${source}
WHERE TABLE_SCHEMA <> 'INFORMATION_SCHEMA'
ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION`;
};

/** One result row (either query's column order) as a catalogue row. */
export const catalogueRow = (values: readonly unknown[]): TCatalogueRow => ({
  schema: String(values[0]),
  table: String(values[1]),
  column: String(values[2]),
  type: String(values[3]),
  nullable: String(values[4]),
  position: Number(values[5]),
});
