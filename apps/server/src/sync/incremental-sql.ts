import type { TMapping, TOperation } from '@portal/domain/sync-mapping';
import { BASE_ROWS_ALIAS, baseAliasOf, compileMapping, type TWarehouseDialect } from './compile';

/**
 * The warehouse SQL of an incremental run (issue 33): the window per cursor, the keys it
 * touches, the live rows of those keys and the greatest stamps. Every name here comes from
 * a validated mapping; only the marks are values, written as timestamp literals.
 */
const quotePath = (dialect: TWarehouseDialect, path: string) =>
  path.split('.').map(dialect.quote).join('.');

const timestamp = (text: string) => `CAST('${text.replaceAll("'", "''")}' AS TIMESTAMP)`;

export const cursorColumns = (mapping: TMapping): string[] => {
  const cursor = mapping.incremental!.cursor_column;
  return Array.isArray(cursor) ? cursor : [cursor];
};

/**
 * Per cursor column, its rows in (after, upTo]; either bound may be open. A row is in the
 * window when any of its cursors is: each condition names one table, so the warehouse
 * filters that table before joining it (an OR across tables filtered the whole join).
 */
export const cursorWindow = (
  mapping: TMapping,
  dialect: TWarehouseDialect,
  after: string | null,
  upTo: string | null,
): string[] =>
  cursorColumns(mapping).map((column) => {
    const ref = quotePath(dialect, column);
    const bounds = [
      ...(after === null ? [] : [`${ref} > ${timestamp(after)}`]),
      ...(upTo === null ? [] : [`${ref} <= ${timestamp(upTo)}`]),
    ];
    return bounds.length > 0 ? bounds.join(' AND ') : 'TRUE';
  });

type TJoin = Extract<TOperation, { type: 'join' }>;

const aliasOfJoin = (join: TJoin) => join.alias ?? join.table.split('.').at(-1)!;

/**
 * The joins a branch of the touched keys or of the greatest stamp reads through: those that
 * bring in the tables its cursor and columns name, and the joins their conditions name, back
 * to the base table. The others are LEFT joins without filters there: they repeat rows and
 * never drop one, so leaving them out changes neither the keys nor the stamp, and the
 * warehouse stops joining whole tables the branch does not read (the patients' seven
 * branches each joined persons, both addresses and states, and the payors). Undefined when
 * a name cannot be placed (a column not qualified by a known alias): every join is kept.
 */
const joinsReached = (mapping: TMapping, paths: readonly string[]): Set<TJoin> | undefined => {
  const operations = mapping.operations ?? [];
  const base = baseAliasOf(operations);
  const joins = new Map(
    operations.flatMap((operation) =>
      operation.type === 'join' ? [[aliasOfJoin(operation), operation] as const] : [],
    ),
  );
  const reached = new Set<TJoin>();
  const reach = (alias: string | undefined): boolean => {
    if (alias === base) {
      return true;
    }
    const join = alias === undefined ? undefined : joins.get(alias);
    if (!join) {
      return false;
    }
    if (reached.has(join)) {
      return true;
    }
    reached.add(join);
    return join.conditions.every(
      ({ left, right }) =>
        reach(left.includes('.') ? left.split('.')[0] : base) &&
        (!right.includes('.') || right.split('.')[0] === alias || reach(right.split('.')[0])),
    );
  };
  return paths.every((path) => path.includes('.') && reach(path.split('.')[0]))
    ? reached
    : undefined;
};

/**
 * The mapping's base table and the joins `cursor` and `columns` read through (joinsReached),
 * without any filter: every join a LEFT join without its ON-clause filter, so a change to
 * any version of any joined row (a deleted or superseded one too) touches the keys it joins
 * to. Then the given filter and select.
 */
const touchedOperations = (
  mapping: TMapping,
  cursor: string,
  condition: string,
  columns: { source: string; target: string }[],
): TOperation[] => {
  const reached = joinsReached(mapping, [cursor, ...columns.map((column) => column.source)]);
  return [
    ...(mapping.operations ?? []).flatMap((operation): TOperation[] =>
      operation.type === 'base_table'
        ? [operation]
        : operation.type === 'join' && (reached?.has(operation) ?? true)
          ? [
              {
                ...operation,
                how: 'left',
                conditions: operation.conditions.map(({ left, right }) => ({ left, right })),
              },
            ]
          : [],
    ),
    { type: 'filter', condition },
    { type: 'select', columns },
  ];
};

const compileOperations = (
  mapping: TMapping,
  operations: TOperation[],
  dialect: TWarehouseDialect,
) => compileMapping({ ...mapping, operations }, dialect);

/** The destination columns the mapping's select fills. */
export const selectedColumns = (mapping: TMapping) => {
  const select = mapping.operations?.at(-1);
  return select?.type === 'select' ? select.columns.map((column) => column.target) : [];
};

/** Each key column's warehouse source (validation made the only select the last operation). */
const keySources = (mapping: TMapping) => {
  const select = mapping.operations?.at(-1);
  return mapping.key_columns.map((key) => {
    const column =
      select?.type === 'select' ? select.columns.find((c) => c.target === key) : undefined;
    if (!column || Array.isArray(column.source)) {
      throw new Error(
        `Key column "${key}" must be selected from one warehouse column for an incremental mapping`,
      );
    }
    return { source: column.source, target: key };
  });
};

/** The destination keys of every row in the window, live or not: one branch per cursor. */
export const touchedKeysSql = (mapping: TMapping, dialect: TWarehouseDialect, window: string[]) =>
  `SELECT DISTINCT * FROM (${window
    .map((condition, index) =>
      compileOperations(
        mapping,
        touchedOperations(mapping, cursorColumns(mapping)[index]!, condition, keySources(mapping)),
        dialect,
      ),
    )
    .join(' UNION ALL ')}) AS "_keys"`;

/**
 * The mapping's query, reading only the live rows of the touched keys: the run deletes
 * every touched key and puts back exactly these. Where every key is a column of the base
 * table, the base table is restricted to those keys before any join (the warehouse then
 * joins a few thousand rows, not the whole tables: 1.3 s -> 0.6 s for the status history
 * at 110k patients); otherwise the keys filter the joined rows.
 */
export const changedRowsSql = (mapping: TMapping, dialect: TWarehouseDialect, window: string[]) => {
  const keys = keySources(mapping);
  const touched = touchedKeysSql(mapping, dialect, window);
  const baseAlias = baseAliasOf(mapping.operations ?? []);
  const baseColumns = keys.map(({ source }) => {
    const [alias, column, ...rest] = source.split('.');
    return alias === baseAlias && column !== undefined && rest.length === 0 ? column : undefined;
  });
  if (baseColumns.every((column) => column !== undefined)) {
    const base = (column: string) => `${dialect.quote(BASE_ROWS_ALIAS)}.${dialect.quote(column)}`;
    const restriction =
      keys.length === 1
        ? `${base(baseColumns[0]!)} IN (SELECT ${dialect.quote(keys[0]!.target)} FROM (${touched}) AS "_t")`
        : `EXISTS (SELECT 1 FROM (${touched}) AS "_t" WHERE ${keys
            .map(
              ({ target }, index) => `"_t".${dialect.quote(target)} = ${base(baseColumns[index]!)}`,
            )
            .join(' AND ')})`;
    return compileMapping(mapping, dialect, restriction);
  }
  const match = keys
    .map(({ source, target }) => `"_t".${dialect.quote(target)} = ${quotePath(dialect, source)}`)
    .join(' AND ');
  const condition = `EXISTS (SELECT 1 FROM (${touched}) AS "_t" WHERE ${match})`;
  const operations = [...(mapping.operations ?? [])];
  operations.splice(operations.length - 1, 0, { type: 'filter', condition });
  return compileOperations(mapping, operations, dialect);
};

/**
 * The greatest value of each cursor column after `after` (everything when null), as the
 * warehouse writes it, among the rows the mapping's tables join (LEFT and unfiltered, as
 * for the touched keys): one scalar subquery per cursor, each filtering its own table before
 * the joins. A row of a joined table that no mapped row joins does not move the mark, so a
 * stamp from a wrong clock there cannot push it past changes still to come.
 */
export const maxCursorSql = (
  mapping: TMapping,
  dialect: TWarehouseDialect,
  after: string | null,
) => {
  const cursors = cursorColumns(mapping);
  const maxima = cursorWindow(mapping, dialect, after, null).map((condition, index) => {
    const inner = compileOperations(
      mapping,
      touchedOperations(mapping, cursors[index]!, condition, [
        { source: cursors[index]!, target: '_c' },
      ]),
      dialect,
    );
    return `(SELECT CAST(MAX("_c") AS VARCHAR) FROM (${inner}) AS "_cursor") AS "M${index}"`;
  });
  return `SELECT ${maxima.join(', ')}`;
};
