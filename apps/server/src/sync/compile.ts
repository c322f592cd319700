import type { TMapping, TOperation, TSelectColumn } from '@portal/domain/sync-mapping';

/**
 * Compiles a mapping to one SQL statement that runs inside the warehouse
 * (pushdown): joins, filters and projections never reach the portal as rows.
 */

export type TWarehouseDialect = {
  name: 'duckdb' | 'snowflake';
  /** Quotes one identifier exactly as written; both dialects use "..." with "" escaping. */
  quote: (identifier: string) => string;
  /** Qualifies a table name the mapping gives unqualified (Snowflake: database and schema). */
  table: (name: string) => string;
};

const quoteIdentifier = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const quotePath = (path: string) => path.split('.').map(quoteIdentifier).join('.');

export const duckdbDialect: TWarehouseDialect = {
  name: 'duckdb',
  quote: quoteIdentifier,
  table: quotePath,
};

/** Snowflake: unqualified tables are read from the configured database and schema. */
export const snowflakeDialect = (options: {
  database?: string | undefined;
  schema?: string | undefined;
}): TWarehouseDialect => ({
  name: 'snowflake',
  quote: quoteIdentifier,
  table: (name) => {
    const parts = name.split('.');
    if (parts.length === 1 && options.database && options.schema) {
      return quotePath(`${options.database}.${options.schema}.${name}`);
    }
    if (parts.length === 1 && options.schema) {
      return quotePath(`${options.schema}.${name}`);
    }
    return quotePath(name);
  },
});

type TStage = {
  /** FROM clause with its joins. */
  from: string;
  /** The alias unqualified left-hand join columns refer to. */
  baseAlias: string;
  where: string[];
  select: string | undefined;
};

const lastPart = (path: string) => path.split('.').at(-1)!;

const columnRef = (dialect: TWarehouseDialect, ref: string, defaultAlias: string) =>
  ref.includes('.') ? quotePath(ref) : `${dialect.quote(defaultAlias)}.${dialect.quote(ref)}`;

const selectList = (dialect: TWarehouseDialect, columns: TSelectColumn[]) =>
  columns
    .map(({ source, target }) => {
      const expression = Array.isArray(source)
        ? `COALESCE(${source.map(quotePath).join(', ')})`
        : quotePath(source);
      return `${expression} AS ${dialect.quote(target)}`;
    })
    .join(', ');

const render = (stage: TStage) =>
  [
    `SELECT ${stage.select ?? '*'}`,
    `FROM ${stage.from}`,
    ...(stage.where.length > 0 ? [`WHERE ${stage.where.map((c) => `(${c})`).join(' AND ')}`] : []),
  ].join(' ');

/** Everything after a select reads the selected rows, so it starts a nested stage. */
const nest = (stage: TStage, depth: number): TStage => {
  const alias = `_q${depth}`;
  return {
    from: `(${render(stage)}) AS ${quoteIdentifier(alias)}`,
    baseAlias: alias,
    where: [],
    select: undefined,
  };
};

/** The alias a mapping's base table is read under. */
export const baseAliasOf = (operations: readonly TOperation[]) => {
  const base = operations.find((operation) => operation.type === 'base_table');
  return base ? (base.alias ?? lastPart(base.table)) : undefined;
};

/**
 * `baseRows`, when given, restricts the base table before any join: a condition on its
 * own columns, which it reads under the alias BASE_ROWS_ALIAS.
 */
const compileOperations = (
  dialect: TWarehouseDialect,
  operations: TOperation[],
  baseRows?: string,
): string => {
  const base = operations.find((operation) => operation.type === 'base_table');
  if (!base) {
    throw new Error('Base table operation is required');
  }
  const baseAlias = baseAliasOf(operations)!;
  const table = dialect.table(base.table);
  const source =
    baseRows === undefined
      ? table
      : `(SELECT * FROM ${table} AS ${dialect.quote(BASE_ROWS_ALIAS)} WHERE ${baseRows})`;
  let stage: TStage = {
    from: `${source} AS ${dialect.quote(baseAlias)}`,
    baseAlias,
    where: [],
    select: undefined,
  };
  let depth = 0;
  for (const operation of operations) {
    if (operation.type === 'base_table') {
      continue;
    }
    if (stage.select !== undefined && operation.type !== 'select') {
      depth += 1;
      stage = nest(stage, depth);
    }
    if (operation.type === 'join') {
      const alias = operation.alias ?? lastPart(operation.table);
      const on = operation.conditions.flatMap((condition) => [
        `${columnRef(dialect, condition.left, stage.baseAlias)} = ${columnRef(dialect, condition.right, alias)}`,
        ...(condition.filter ? [`(${condition.filter})`] : []),
      ]);
      const kind = operation.how === 'inner' ? 'INNER JOIN' : 'LEFT JOIN';
      stage.from += ` ${kind} ${dialect.table(operation.table)} AS ${dialect.quote(alias)} ON ${on.join(' AND ')}`;
    } else if (operation.type === 'filter') {
      stage.where.push(operation.condition);
    } else if (stage.select !== undefined) {
      // A second select projects the first one's output.
      depth += 1;
      stage = { ...nest(stage, depth), select: selectList(dialect, operation.columns) };
    } else {
      stage.select = selectList(dialect, operation.columns);
    }
  }
  return render(stage);
};

export const BASE_ROWS_ALIAS = '_base';

/**
 * The warehouse SQL for a validated mapping; a dataframe mapping's base table may be
 * restricted first (`baseRows`, see compileOperations).
 */
export const compileMapping = (
  mapping: TMapping,
  dialect: TWarehouseDialect,
  baseRows?: string,
): string => {
  if (mapping.type === 'snowpark_dataframe') {
    return compileOperations(dialect, mapping.operations ?? [], baseRows);
  }
  // raw_query and sql_query run as written; a trailing semicolon would break the count wrapper.
  return (mapping.query ?? '').trim().replace(/;+\s*$/, '');
};

/** The row count of a compiled query, for reconciliation and progress. */
export const countSql = (query: string) => `SELECT COUNT(*) AS "N" FROM (${query}) AS "_src"`;
