import type { TBatch, TDestinationColumn, TValue } from '../batch';
import type { TChecksum } from '../checksum';

/** replace = truncate_first (atomic), upsert = use_upsert on key_columns, append = plain insert. */
export type TLoadMode = 'replace' | 'upsert' | 'append';

export type TLoadPlan = {
  table: string;
  /** Destination columns, in the order of the batches' columns. */
  columns: TDestinationColumn[];
  mode: TLoadMode;
  keyColumns: string[];
};

/** What the destination holds after the load, read inside the load's transaction. */
export type TDestinationState = {
  /** replace: the table's rows; upsert: the rows matching the loaded keys; append: rows added. */
  count: number;
  /** Over the same rows as count; undefined for append, where the new rows cannot be told apart. */
  checksum: TChecksum | undefined;
};

export type TLoadOptions = {
  plan: TLoadPlan;
  batches: AsyncIterable<TBatch>;
  /** After each batch is written, with the rows written so far. */
  onBatch?: (rows: number) => Promise<void> | void;
  /** Runs before commit; throwing rolls the whole load back. */
  verify: (destination: TDestinationState) => void;
  /**
   * Statements run in the load's transaction after verify, before commit: the analytics
   * summaries derived from the loaded table, so they commit (or roll back) with it.
   */
  afterLoad?: TAfterLoad[] | undefined;
  /**
   * The tables afterLoad rewrites in full. After a replace load's commit PostgreSQL vacuums
   * and analyses them with the loaded table, so their first readers find statistics and a
   * visibility map; the other databases keep their statistics themselves.
   */
  refilled?: readonly string[] | undefined;
  /**
   * Run in the load's transaction before the staged rows move in: an incremental run's
   * deletes. Upsert loads only (a replace load writes straight into the table).
   */
  before?: TLoadStep[] | undefined;
  /**
   * Run in the load's transaction last, after afterLoad: an incremental run's table count
   * and its conditional move of the high-water mark. A failed check rolls the load back.
   * Read once the batches are exhausted, never before: the engine may fill it only then.
   */
  after?: TLoadStep[] | undefined;
};

/**
 * A statement run after the load, or statements chosen by whether a table is empty at that
 * point, asked with a plain read that locks nothing: MariaDB's bulk insert into an empty
 * table needs its INSERT to be the first statement that locks the table in the transaction
 * (modules/worklist/summary-changes.ts). `ifEmpty` is the code's own table name.
 */
export type TAfterLoad = string | { ifEmpty: string; then: string[]; otherwise: string[] };

/** The statements of one afterLoad entry, given whether its table is empty. */
export const afterLoadChoice = (entry: TAfterLoad, empty: (table: string) => boolean) =>
  typeof entry === 'string' ? [entry] : empty(entry.ifEmpty) ? entry.then : entry.otherwise;

/** Runs afterLoad entries one after another through an asynchronous client. */
export const runAfterLoad = async (
  entries: readonly TAfterLoad[],
  run: (statement: string) => Promise<unknown>,
  isEmpty: (table: string) => Promise<boolean>,
) => {
  for (const entry of entries) {
    const empty = typeof entry === 'string' ? false : await isEmpty(entry.ifEmpty);
    for (const statement of afterLoadChoice(entry, () => empty)) {
      await run(statement);
    }
  }
};

/** One statement with '?' placeholders, and optionally what it must come to. */
export type TLoadStep = {
  sql: string;
  params?: TValue[] | undefined;
  /** changes: the rows it changed; scalar: the first value of its first row (a SELECT). */
  check?:
    { of: 'changes' | 'scalar'; equals: number; error: (actual: number) => Error } | undefined;
  /** Hands the first value of its first row (a SELECT) to the caller. */
  read?: ((scalar: number) => void) | undefined;
};

export type TLoadResult = { rowsInserted: number; destination: TDestinationState };

/** Writes into one portal database; opened per sync run on its own connection. */
export type TLoader = {
  dialect: 'sqlite' | 'mysql' | 'postgres';
  describe: (table: string) => Promise<TDestinationColumn[]>;
  load: (options: TLoadOptions) => Promise<TLoadResult>;
  /** Count and content checksum of a whole table's columns, as a replace load verifies them. */
  inspect: (table: string, columns: TDestinationColumn[]) => Promise<TDestinationState>;
  /**
   * Statements the engine composes itself (never a mapping's), run in one transaction of
   * their own: the derived tables brought up to date after a group's loads committed.
   */
  derive: (statements: readonly string[]) => Promise<void>;
  close: () => Promise<void>;
};

export type TLoaderOptions = {
  /** Rows per INSERT statement; the defaults suit each dialect, tests make it small. */
  rowsPerStatement?: number | undefined;
  /** Where a loader says it fell back to a slower path (the portal's logger); silent without. */
  warn?: ((message: string) => void) | undefined;
};

export const STAGE_TABLE = '_sync_stage';

/** The non-key columns an upsert overwrites. */
export const updateColumns = (plan: TLoadPlan) =>
  plan.columns.map((column) => column.name).filter((name) => !plan.keyColumns.includes(name));

/**
 * The condition under which an upsert's DO UPDATE writes the row it collides with: some
 * column it overwrites differs. An incremental run stages every row of a touched key, most
 * as they were; PostgreSQL writes a row updated to the same values as a new version (into
 * every index, when its page has no room), to be vacuumed, and SQLite rewrites it. (MariaDB
 * leaves a row updated to the same values as it is.)
 */
export const changedRowCondition = (
  dialect: 'sqlite' | 'postgres',
  table: string,
  updates: readonly string[],
  quote: (name: string) => string,
) => {
  const current = updates.map((name) => `${table}.${quote(name)}`);
  const incoming = updates.map((name) => `excluded.${quote(name)}`);
  return dialect === 'postgres'
    ? `(${current.join(', ')}) IS DISTINCT FROM (${incoming.join(', ')})`
    : `NOT (${current.map((column, index) => `${column} IS ${incoming[index]}`).join(' AND ')})`;
};

/** FROM and JOIN of the rows reconciliation compares: the table, or the rows an upsert staged. */
export const comparedRows = (plan: TLoadPlan, quote: (name: string) => string, stage: string) => {
  if (plan.mode !== 'upsert') {
    return `${quote(plan.table)} AS t`;
  }
  const on = plan.keyColumns.map((key) => `t.${quote(key)} = s.${quote(key)}`).join(' AND ');
  return `${quote(plan.table)} AS t JOIN ${stage} AS s ON ${on}`;
};

/** The SELECT that reads back what reconciliation compares, for one quoting style. */
export const readBackSql = (plan: TLoadPlan, quote: (name: string) => string, stage: string) =>
  `SELECT ${plan.columns.map((column) => `t.${quote(column.name)}`).join(', ')} FROM ${comparedRows(plan, quote, stage)}`;
