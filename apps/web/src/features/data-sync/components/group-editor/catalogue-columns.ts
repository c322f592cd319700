import type { TDestinationTable, TWarehouseTable } from '@portal/domain/data-sync-catalogue-api';
import { emptyColumn, lastPart, type TColumnForm, type TMappingForm } from './form-model';

/**
 * What the builder's pickers offer, read from the warehouse's catalogue: the tables a
 * mapping has joined so far, their columns qualified by alias, and the destination's columns.
 */

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The catalogue's table a mapping names (by its path, or by its bare name). */
export const findTable = (tables: readonly TWarehouseTable[], path: string) => {
  const wanted = path.trim();
  if (wanted === '') {
    return undefined;
  }
  return (
    tables.find((table) => same(table.path, wanted)) ??
    tables.find((table) => same(`${table.schema}.${table.name}`, wanted)) ??
    tables.find((table) => same(table.name, lastPart(wanted)))
  );
};

/** One table in a mapping's rows: the alias its columns are qualified by. */
export type TScopeTable = { alias: string; path: string; table: TWarehouseTable | undefined };

const scopeOf = (tables: readonly TWarehouseTable[], path: string, alias: string): TScopeTable => ({
  alias: alias.trim() || lastPart(path.trim()),
  path: path.trim(),
  table: findTable(tables, path),
});

/** The base table and the first `joins` joins (all of them when absent), those with a table. */
export const tablesInScope = (
  form: Pick<TMappingForm, 'baseTable' | 'baseAlias' | 'joins'>,
  tables: readonly TWarehouseTable[],
  joins = form.joins.length,
): TScopeTable[] =>
  [
    scopeOf(tables, form.baseTable, form.baseAlias),
    ...form.joins.slice(0, joins).map((join) => scopeOf(tables, join.table, join.alias)),
  ].filter((scope) => scope.path !== '');

/** Columns grouped by table, each value qualified by its table's alias ('PY.PAYORKEY'). */
export type TColumnGroup = { label: string; values: string[] };

export const qualifiedColumns = (scope: readonly TScopeTable[]): TColumnGroup[] =>
  scope.map(({ alias, path, table }) => ({
    label: alias === lastPart(path) ? path : `${alias} · ${path}`,
    values: (table?.columns ?? []).map((column) => `${alias}.${column.name}`),
  }));

/** The joined table's own columns, unqualified: a join condition's right side. */
export const joinedColumns = (tables: readonly TWarehouseTable[], path: string) =>
  (findTable(tables, path)?.columns ?? []).map((column) => column.name);

/** A name without case or underscores: PAYORKEY and payor_key read alike. */
const loose = (name: string) => name.replace(/_/g, '').toLowerCase();

/**
 * 'Add matching columns': each destination column not mapped yet, fed by the first table
 * in scope (base table first) with a column of the same name, ignoring case (and, failing
 * that, underscores: payor_key takes PAYORKEY). Rows already there are kept as they are.
 */
export const matchingColumns = (
  form: Pick<TMappingForm, 'baseTable' | 'baseAlias' | 'joins' | 'columns'>,
  tables: readonly TWarehouseTable[],
  destination: Pick<TDestinationTable, 'columns'> | undefined,
): TColumnForm[] => {
  if (!destination) {
    return [];
  }
  const scope = tablesInScope(form, tables);
  const mapped = new Set(form.columns.map((column) => column.target.trim().toLowerCase()));
  const find = (test: (name: string) => boolean) => {
    for (const { alias, table } of scope) {
      const column = table?.columns.find((candidate) => test(candidate.name));
      if (column) {
        return `${alias}.${column.name}`;
      }
    }
    return undefined;
  };
  return destination.columns.flatMap(({ name }) => {
    if (mapped.has(name.toLowerCase())) {
      return [];
    }
    const source =
      find((candidate) => same(candidate, name)) ??
      find((candidate) => loose(candidate) === loose(name));
    return source ? [emptyColumn(source, name)] : [];
  });
};

/** A destination's primary key: the key columns an upsert is matched on by default. */
export const destinationKey = (destination: Pick<TDestinationTable, 'columns'> | undefined) =>
  (destination?.columns ?? []).filter((column) => column.key).map((column) => column.name);
