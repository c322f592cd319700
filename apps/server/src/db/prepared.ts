import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema';
import { setBounded } from '../lib/bounded-map';

/**
 * Kysely builds and compiles a query's SQL on every call; for the list screens'
 * small queries that costs more than SQLite takes to run them (tools/bench/patients.ts).
 * A prepared query is built and compiled once per shape, with a placeholder where
 * each parameter goes, and every run binds its own values to that SQL. The SQL is
 * then the same string each time, which the SQLite statement cache finds at once.
 *
 * The shape is whatever changes the SQL text: `shapeKey` names it, and the length of
 * every list parameter is added to it (so `build` may depend on those lengths). `build`
 * must hand each parameter to Kysely as it is (a where, an in list), never compute
 * with it or branch on it: it gets placeholders, which throw if read as text or
 * numbers. Values `build` makes up itself (a status list, say) stay in the SQL's
 * parameters as they were.
 *
 * Their SQL starts with PREPARED_SQL_MARK, which tells the PostgreSQL connections
 * (db/database.ts) to prepare the statement on the server once per connection
 * instead of parsing it on every run.
 */

/** Marks the SQL of a prepared query, whose texts are few enough to keep prepared. */
export const PREPARED_SQL_MARK = '/* prepared */ ';

type TValue = string | number | null;
export type TPreparedParams = Record<string, TValue | readonly TValue[]>;

type TBinding = { key: string; index?: number } | { value: unknown };

type TPrepared = { sql: string; bindings: TBinding[] };

class Placeholder {
  constructor(
    readonly key: string,
    readonly index?: number,
  ) {}

  [Symbol.toPrimitive](): never {
    throw new Error(`prepared query: parameter ${this.key} was computed with, not bound`);
  }
}

const placeholders = (params: TPreparedParams) =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? value.map((_, index) => new Placeholder(key, index))
        : new Placeholder(key),
    ]),
  );

const listLengths = (params: TPreparedParams) =>
  Object.entries(params)
    .filter(([, value]) => Array.isArray(value))
    .map(([key, value]) => `${key}:${(value as readonly TValue[]).length}`)
    .join(',');

const prepare = (query: Compilable): TPrepared => {
  const compiled = query.compile();
  return {
    sql: `${PREPARED_SQL_MARK}${compiled.sql}`,
    bindings: compiled.parameters.map((parameter) =>
      parameter instanceof Placeholder
        ? {
            key: parameter.key,
            ...(parameter.index === undefined ? {} : { index: parameter.index }),
          }
        : { value: parameter },
    ),
  };
};

const bind = (prepared: TPrepared, params: TPreparedParams) =>
  prepared.bindings.map((binding) => {
    if ('value' in binding) {
      return binding.value;
    }
    const value = params[binding.key];
    return binding.index === undefined ? value : (value as readonly TValue[])[binding.index];
  });

/**
 * Runs a prepared query's SQL at once and synchronously, or answers undefined when it cannot
 * (db/database.ts registers one for SQLite's connection). Rows come as objects, or with
 * `asValues` as arrays of the selected values in order.
 */
export type TDirectReader = (
  sql: string,
  parameters: readonly unknown[],
  asValues: boolean,
) => unknown[] | undefined;

const directReaders = new WeakMap<Kysely<Database>, TDirectReader>();

/**
 * Lets prepared reads on `db` skip Kysely's executor: on SQLite every signed-in request's
 * session read went through its connection mutex and several promise hops, which cost the
 * portal more than SQLite took to find the row (docs/benchmarks.md, session 10).
 */
export const registerDirectReader = (db: Kysely<Database>, reader: TDirectReader) => {
  directReaders.set(db, reader);
};

/** Enough for every page size and list length a screen asks for; beyond it, the oldest go. */
const SHAPES_PER_DATABASE = 256;

export const preparedQuery = <TShape, TParams extends TPreparedParams, TRow>(
  shapeKey: (shape: TShape) => string,
  build: (db: Kysely<Database>, shape: TShape, params: TParams) => Compilable<TRow>,
) => {
  const byDatabase = new WeakMap<Kysely<Database>, Map<string, TPrepared>>();

  const compile = (db: Kysely<Database>, shape: TShape, params: TParams) => {
    let cache = byDatabase.get(db);
    if (!cache) {
      cache = new Map();
      byDatabase.set(db, cache);
    }
    const key = `${shapeKey(shape)}|${listLengths(params)}`;
    let prepared = cache.get(key);
    if (!prepared) {
      prepared = prepare(build(db, shape, placeholders(params) as unknown as TParams));
      setBounded(cache, key, prepared, SHAPES_PER_DATABASE);
    }
    return CompiledQuery.raw(prepared.sql, bind(prepared, params)) as CompiledQuery<TRow>;
  };

  return {
    /** The SQL and parameters a run sends; for tests and EXPLAIN. */
    compile,
    execute: async (db: Kysely<Database>, shape: TShape, params: TParams): Promise<TRow[]> => {
      const query = compile(db, shape, params);
      const rows = directReaders.get(db)?.(query.sql, query.parameters, false);
      return (rows as TRow[] | undefined) ?? (await db.executeQuery(query)).rows;
    },
    /**
     * Each row as the array of its selected values, in the order selected: for a caller that
     * builds its own objects from a wide row (SQLite would otherwise build one it throws away).
     */
    executeValues: async (
      db: Kysely<Database>,
      shape: TShape,
      params: TParams,
    ): Promise<unknown[][]> => {
      const query = compile(db, shape, params);
      const rows = directReaders.get(db)?.(query.sql, query.parameters, true);
      return (
        (rows as unknown[][] | undefined) ??
        // PostgreSQL's and MariaDB's drivers add a row's fields in the order selected.
        (await db.executeQuery(query)).rows.map((row): unknown[] => Object.values(row as object))
      );
    },
  };
};
