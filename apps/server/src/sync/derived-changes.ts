import type { TDialect } from '../db/database';
import {
  CHANGED_FIRST,
  deleteByKeysSql,
  insertIgnoreSql,
  sameValue,
  scratchStatisticsSql,
  scratchTableSql,
} from '../lib/sql-merge';
import {
  patientDayChangesAfter,
  patientDayChangesBefore,
  summaryChangesAfter,
  summaryChangesBefore,
} from '../modules/analytics/summary-changes';
import { stamp, summaryLoadSql } from '../modules/analytics/summaries';
import {
  orderCountChangesAfter,
  orderCountChangesBefore,
  orderCountRefillSql,
} from '../modules/patients/order-count-summary';
import { patientPhoneRefillSql, searchKeyRefillSql } from '../modules/patients/patient-phones';
import { worklistLoadSql, worklistPendingSql } from '../modules/worklist/summary-changes';
import type { TValue } from './batch';
import { STAGE_TABLE, type TAfterLoad, type TLoadStep } from './load/types';
import { postgresOrderCountRefillSql } from './order-counts-refill';

/**
 * The tables derived from a loaded table (the analytics summaries, the patient list's
 * order counts, the worklist, the phone search keys), kept in the load's transaction. A
 * full load rebuilds them from the whole table. An incremental run (issue 33) refreshes
 * only what its changed rows reach: before the changed rows move in, it notes the orders
 * and patients they touch (in the table's old rows and in the staged new ones) and
 * subtracts what those contributed; after, it puts their new share back. The worklist's
 * share is the exception: the changed orders are added to sync_worklist_pending, and their
 * rows computed once after the group's loads (derived-later.ts).
 */

/** Scratch tables of the changed keys, private to the load's connection. */
export const TOUCHED_KEYS = 'sync_touched_keys';
export const CHANGED_ORDERS = 'sync_changed_orders';
export const CHANGED_PATIENTS = 'sync_changed_patients';
export const CHANGED_ORDER_FACTS = 'sync_changed_order_facts';

/** What a full load of `table` runs before its commit: every derived table rebuilt. */
export const derivedRefillSql = (dialect: TDialect, table: string): TAfterLoad[] => [
  ...(table !== 'orders'
    ? []
    : dialect === 'postgres'
      ? postgresOrderCountRefillSql()
      : orderCountRefillSql(dialect)),
  ...worklistLoadSql(dialect, table),
  ...searchKeyRefillSql(table),
  // Last: it ends with the patient days, whose readers wait on PostgreSQL until the commit.
  ...summaryLoadSql(dialect, table),
];

/**
 * The derived tables a full load of each table rewrites (derivedRefillSql): on PostgreSQL
 * they are vacuumed and analysed after its commit, as the loaded table is (load/postgres.ts).
 */
const REFILLED: Record<string, readonly string[]> = {
  patients: ['order_worklist', 'order_worklist_counts', 'patient_phones'],
  order_status_history: [
    'order_worklist',
    'order_worklist_counts',
    'analytics_processing_days',
    'analytics_status_days',
  ],
  orders: [
    'patient_order_counts',
    'order_worklist',
    'order_worklist_counts',
    'analytics_processing_days',
    'analytics_status_days',
    'analytics_patient_days',
  ],
};

export const refilledTables = (table: string): readonly string[] => REFILLED[table] ?? [];

/** Per table with derived tables: its key, and the staged columns its changes are traced by. */
const TRACED: Record<string, { key: string; staged: string[] }> = {
  orders: { key: 'order_id', staged: ['patient_key'] },
  order_status_history: { key: 'status_history_key', staged: ['order_id'] },
  patients: { key: 'patient_key', staged: [] },
};

/**
 * The touched keys whose staged row the table already holds, every staged column the
 * same, are no change: the history rows of an order whose LASTMODIFIED moved are read
 * again whole, and most of them are as they were. Left out of the touched keys, they are
 * neither deleted nor traced, and the upsert leaves them as they are (changedRowCondition).
 */
const unchangedSql = (dialect: TDialect, table: string, key: string, staged: readonly string[]) => {
  const same = staged
    .map((column) => sameValue(dialect, `s.${column}`, `t.${column}`))
    .join(' AND ');
  // MariaDB: the staged rows first (they have no index), each key and row by its own.
  return dialect === 'mysql'
    ? `DELETE k FROM ${STAGE_TABLE} s STRAIGHT_JOIN ${TOUCHED_KEYS} k ON k.k = s.${key}
       STRAIGHT_JOIN ${table} t ON t.${key} = s.${key} WHERE ${same}`
    : `DELETE FROM ${TOUCHED_KEYS} WHERE k IN (
       SELECT s.${key} FROM ${STAGE_TABLE} s JOIN ${table} t ON t.${key} = s.${key} WHERE ${same})`;
};

/**
 * The orders and patients the changed rows reach, old rows and staged ones alike. (MariaDB
 * cannot name one temporary table twice in a statement: hence two statements where a
 * UNION would read the touched keys twice.)
 */
const reachSql = (dialect: TDialect, table: string): string[] => {
  const touched = `IN (SELECT k FROM ${TOUCHED_KEYS})`;
  switch (table) {
    case 'orders':
      // The order counts follow the orders themselves (orderCountChangesBefore).
      return [`INSERT INTO ${CHANGED_ORDERS} (order_id) SELECT k FROM ${TOUCHED_KEYS}`];
    case 'order_status_history':
      return [
        `INSERT INTO ${CHANGED_ORDERS} (order_id)
         SELECT DISTINCT h.order_id FROM order_status_history h
         WHERE h.status_history_key ${touched} AND h.order_id IS NOT NULL`,
        insertIgnoreSql(
          dialect,
          CHANGED_ORDERS,
          ['order_id'],
          `SELECT DISTINCT s.order_id FROM ${STAGE_TABLE} s
           WHERE s.status_history_key ${touched} AND s.order_id IS NOT NULL`,
        ),
      ];
    default:
      return [
        `INSERT INTO ${CHANGED_PATIENTS} (patient_key) SELECT k FROM ${TOUCHED_KEYS}`,
        `INSERT INTO ${CHANGED_ORDERS} (order_id)
         SELECT o.order_id FROM orders o WHERE o.patient_key IN (SELECT patient_key FROM ${CHANGED_PATIENTS})`,
      ];
  }
};

/** What each table's changes refresh once the new rows are in. */
const afterSql = (dialect: TDialect, table: string): string[] => {
  const now = Date.now();
  switch (table) {
    case 'orders':
      return [
        ...summaryChangesAfter(dialect, CHANGED_ORDER_FACTS),
        ...patientDayChangesAfter(dialect, CHANGED_ORDER_FACTS),
        ...orderCountChangesAfter(dialect, CHANGED_ORDERS),
        worklistPendingSql(dialect, CHANGED_ORDERS),
        ...stamp(now),
      ];
    case 'order_status_history':
      return [
        ...summaryChangesAfter(dialect, CHANGED_ORDERS),
        worklistPendingSql(dialect, CHANGED_ORDERS),
        ...stamp(now),
      ];
    default:
      return [
        ...patientPhoneRefillSql({ patients: CHANGED_PATIENTS, dialect }),
        worklistPendingSql(dialect, CHANGED_ORDERS),
        ...stamp(now),
      ];
  }
};

const KEYS_PER_INSERT = 500;

/** The scratch tables' key: the ERP tables' (migration 0003). */
const SCRATCH_KEY = 'varchar(64) PRIMARY KEY';

const sqlSteps = (statements: string[]): TLoadStep[] => statements.map((sql) => ({ sql }));

/**
 * An incremental run's touched keys. `changed.rows` is set, during the load, to how many
 * of them changed: inserted, updated or deleted (the console's 'rows changed').
 */
export type TTraced = {
  keyColumns: readonly string[];
  stagedColumns: readonly string[];
  keys: TValue[][];
  changed?: { rows: number } | undefined;
};

/**
 * The touched keys into their scratch table, less those whose staged row the table
 * already holds unchanged (unchangedSql): what is left is what the run deletes.
 */
const touchedKeySteps = (
  dialect: TDialect,
  table: string,
  key: string,
  { stagedColumns, keys, changed }: TTraced,
): TLoadStep[] => {
  const inserts: TLoadStep[] = [];
  // PostgreSQL takes them all in one statement, as one JSON array: 187 statements of 500
  // keys took 250 ms at 110k patients.
  if (dialect === 'postgres' && keys.length > 0) {
    inserts.push({
      sql: `INSERT INTO ${TOUCHED_KEYS} (k) SELECT jsonb_array_elements_text(?::jsonb)`,
      params: [JSON.stringify(keys.map(([key = null]) => (key === null ? null : String(key))))],
    });
  }
  for (let start = 0; dialect !== 'postgres' && start < keys.length; start += KEYS_PER_INSERT) {
    const chunk = keys.slice(start, start + KEYS_PER_INSERT);
    inserts.push({
      sql: `INSERT INTO ${TOUCHED_KEYS} (k) VALUES ${chunk.map(() => '(?)').join(', ')}`,
      params: chunk.map((row) => row[0] ?? null),
    });
  }
  return [
    ...sqlSteps(scratchTableSql(dialect, TOUCHED_KEYS, `k ${SCRATCH_KEY}`)),
    ...inserts,
    // PostgreSQL plans a temporary table it has not analysed from its size alone: it read
    // the whole history to match the touched keys (0.9 s, and 1.3 s for the next reach).
    ...sqlSteps(dialect === 'postgres' ? [`ANALYZE ${TOUCHED_KEYS}, ${STAGE_TABLE}`] : []),
    { sql: unchangedSql(dialect, table, key, stagedColumns) },
    {
      // The changed rows: those the table holds among what is left (updated or deleted),
      // and the staged ones it does not hold yet (inserted). A key read again that neither
      // holds (a row added and deleted again since the last run) changes nothing.
      sql: `SELECT (SELECT COUNT(*) FROM ${TOUCHED_KEYS} k JOIN ${table} t ON t.${key} = k.k)
        + (SELECT COUNT(*) FROM ${STAGE_TABLE} s WHERE NOT EXISTS (
            SELECT 1 FROM ${table} t WHERE t.${key} = s.${key}))`,
      read: (count) => {
        if (changed) {
          changed.rows = count;
        }
      },
    },
  ];
};

/**
 * The touched keys' rows go before the staged ones move in. SQLite and MariaDB keep those
 * they have staged again, for the upsert to update in place: SQLite's loader index by index
 * (load/sqlite.ts, inPlaceSql), so an order that moved on rewrites its status indexes, not
 * all eight of its table's with its row deleted and inserted again (110k patients: 8,700
 * moved orders, 1.1–2.6 s against 0.5–0.6 s); InnoDB's ON DUPLICATE KEY UPDATE rewrites only
 * the secondary entries whose columns moved, where a delete and insert marked every entry of
 * the row deleted and added it again. PostgreSQL writes a changed row's every index anyway.
 */
const touchedDeleteSql = (dialect: TDialect, table: string, key: string) =>
  deleteByKeysSql(
    dialect,
    table,
    key,
    { table: TOUCHED_KEYS, column: 'k' },
    dialect !== 'postgres'
      ? // NOT IN, not NOT EXISTS: SQLite looks an IN's rows up in an index it builds, MariaDB
        // in a table it materialises; the stage has no index, and a NOT EXISTS read it whole
        // for every key (11.7 s for SQLite's history).
        (row) =>
          `${row}.${key} NOT IN (SELECT s.${key} FROM ${STAGE_TABLE} s WHERE s.${key} IS NOT NULL)`
      : undefined,
  );

/**
 * What an incremental run of a table without derived tables deletes before its staged rows
 * move in: the touched keys, less those whose row did not change (an order's items are all
 * read again when the order's LASTMODIFIED moves, and most are as they were; deleted and
 * inserted again, each was a new row in every index). Undefined where the keys do not fit
 * the scratch table (several key columns, not text, longer than it holds): such a run
 * deletes every touched key (incremental-store.ts, deleteKeySteps).
 */
export const changedKeySteps = (
  dialect: TDialect,
  table: string,
  options: TTraced,
): TLoadStep[] | undefined => {
  const { keyColumns, stagedColumns, keys } = options;
  const [key] = keyColumns;
  if (
    keyColumns.length !== 1 ||
    key === undefined ||
    !stagedColumns.includes(key) ||
    !keys.every(([value]) => typeof value === 'string' && value.length <= 64)
  ) {
    return undefined;
  }
  if (keys.length === 0) {
    return [];
  }
  return [
    ...touchedKeySteps(dialect, table, key, options),
    ...sqlSteps(dialect === 'postgres' ? [`ANALYZE ${TOUCHED_KEYS}`] : []),
    { sql: touchedDeleteSql(dialect, table, key) },
  ];
};

/**
 * Of the orders an orders load changed, those whose share of the analytics summaries can
 * move: the analytics read an order's patient, day and category (and its status history,
 * whose changes the history's load follows), so an order that only moved on in its
 * workflow, or changed its delivery, leaves them as they were. Read before the move: the
 * staged rows against the table's old ones; an order new or gone is in. At 110k patients
 * this leaves 2,788 of a day's 11,937 changed orders: the 8,713 that moved on are out.
 */
const orderFactsSql = (dialect: TDialect): string[] => {
  const same = ['patient_key', 'date_created', 'so_classification_name']
    .map((column) => sameValue(dialect, `s.${column}`, `o.${column}`))
    .join(' AND ');
  return [
    ...scratchTableSql(dialect, CHANGED_ORDER_FACTS, `order_id ${SCRATCH_KEY}`),
    // The staged rows first, each order by its key (the stage has no index); NOT IN, which
    // every database reads from a set it builds once.
    `INSERT INTO ${CHANGED_ORDER_FACTS} (order_id)
     SELECT c.order_id FROM ${CHANGED_ORDERS} c WHERE c.order_id NOT IN (
       SELECT s.order_id FROM ${STAGE_TABLE} s ${CHANGED_FIRST[dialect]} orders o ON o.order_id = s.order_id
       WHERE s.order_id IS NOT NULL AND ${same})`,
  ];
};

export type TDerivedChanges = { before: TLoadStep[]; after: string[] };

/**
 * An incremental run's statements for a table with derived tables: before the staged rows
 * move in (the touched keys deleted among them), and after. Undefined when the table has
 * none, or its mapping does not stage what the changes are traced by: such a run deletes
 * its keys as any table's and rebuilds the derived tables in full.
 */
export const derivedChanges = (
  dialect: TDialect,
  table: string,
  options: TTraced,
): TDerivedChanges | undefined => {
  const traced = TRACED[table];
  const { keyColumns, stagedColumns, keys } = options;
  if (
    !traced ||
    keyColumns.length !== 1 ||
    keyColumns[0] !== traced.key ||
    !traced.staged.every((column) => stagedColumns.includes(column))
  ) {
    return undefined;
  }
  if (keys.length === 0) {
    // Nothing changed: the derived tables stand, and so does the data version, so the
    // analytics answers and the patient list's pages kept by it stay warm.
    return { before: [], after: [] };
  }
  const scratch = [
    ...scratchTableSql(dialect, CHANGED_ORDERS, `order_id ${SCRATCH_KEY}`),
    ...scratchTableSql(dialect, CHANGED_PATIENTS, `patient_key ${SCRATCH_KEY}`),
  ];
  // PostgreSQL plans a temporary table without statistics as if it held a thousand rows.
  const statistics = scratchStatisticsSql(dialect, [
    TOUCHED_KEYS,
    CHANGED_ORDERS,
    CHANGED_PATIENTS,
  ]);
  const analytics =
    table === 'patients'
      ? []
      : table === 'orders'
        ? [
            ...orderFactsSql(dialect),
            ...scratchStatisticsSql(dialect, [CHANGED_ORDER_FACTS]),
            ...summaryChangesBefore(dialect, CHANGED_ORDER_FACTS),
            ...patientDayChangesBefore(dialect, CHANGED_ORDER_FACTS),
            ...orderCountChangesBefore(dialect, CHANGED_ORDERS),
          ]
        : summaryChangesBefore(dialect, CHANGED_ORDERS);
  return {
    before: [
      ...touchedKeySteps(dialect, table, traced.key, options),
      ...sqlSteps([...scratch, ...reachSql(dialect, table), ...statistics, ...analytics]),
      { sql: touchedDeleteSql(dialect, table, traced.key) },
    ],
    after: afterSql(dialect, table),
  };
};
