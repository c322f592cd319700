import { sqlHelpers, timestampLiteral, type TSqlHelpers } from './expr';
import type { TErpTable } from './tables';

/** What a counted statement did to its table's rows. */
export type TChangeKind = 'inserted' | 'updated' | 'deleted' | 'superseded';

/** One statement of a mutation; `kind` counts the rows it changes in the summary. */
export type TMutationStep = { table?: TErpTable; kind?: TChangeKind; sql: string };

/**
 * Changes per 1 percent of --orders-percent, as a fraction of what they pick from
 * (live, latest rows). At 1 percent: 1 % of orders move a step, 0.3 % new orders...
 */
export const MUTATION_RATES = {
  orderMoves: 0.01,
  newOrders: 0.003,
  orderDeletes: 0.0002,
  orderSupersessions: 0.0005,
  itemDeletes: 0.0002,
  newPatients: 0.003,
  patientDeletes: 0.0002,
  patientSupersessions: 0.001,
  phoneChanges: 0.003,
  addressChanges: 0.002,
  payorChanges: 0.001,
  payorDeletes: 0.0005,
  doctorChanges: 0.002,
} as const;

export type TMutationCounts = Record<keyof typeof MUTATION_RATES, number>;

/** The warehouse's state the mutation starts from. */
export type TWarehouseState = {
  /** Live (latest, not deleted) rows each rate picks from. */
  liveOrders: number;
  liveItems: number;
  livePatients: number;
  livePersons: number;
  liveAddresses: number;
  livePrimaries: number;
  liveSecondaries: number;
  liveDoctors: number;
  /** The highest LASTMODIFIED in any table, microseconds since the epoch. */
  lastModifiedUs: bigint;
};

export type TMutationPlan = {
  seed: number;
  percent: number;
  /** The mutation's time, microseconds since the epoch. */
  atUs: bigint;
  counts: TMutationCounts;
  state: TWarehouseState;
};

const DAY_US = 86_400_000_000n;

const BASES: Record<keyof typeof MUTATION_RATES, keyof TWarehouseState> = {
  orderMoves: 'liveOrders',
  newOrders: 'liveOrders',
  orderDeletes: 'liveOrders',
  orderSupersessions: 'liveOrders',
  itemDeletes: 'liveItems',
  newPatients: 'livePatients',
  patientDeletes: 'livePatients',
  patientSupersessions: 'livePatients',
  phoneChanges: 'livePersons',
  addressChanges: 'liveAddresses',
  payorChanges: 'livePrimaries',
  payorDeletes: 'liveSecondaries',
  doctorChanges: 'liveDoctors',
};

/** How many rows each change touches: the rate times the percent, at least one of each. */
export const mutationCounts = (state: TWarehouseState, percent: number): TMutationCounts => {
  const counts = {} as TMutationCounts;
  for (const [name, rate] of Object.entries(MUTATION_RATES) as [keyof TMutationCounts, number][]) {
    const base = Number(state[BASES[name]]);
    counts[name] = percent > 0 ? Math.min(base, Math.max(1, Math.round(base * rate * percent))) : 0;
  }
  // Every new patient arrives with an order.
  counts.newOrders = Math.max(counts.newOrders, counts.newPatients);
  return counts;
};

/** Shared pieces of the mutation's SQL. */
export type TMutationSql = {
  h: TSqlHelpers;
  /** The mutation's time and the start of its day (not before the previous change). */
  at: string;
  from: string;
  counts: TMutationCounts;
};

export const mutationSql = (plan: TMutationPlan): TMutationSql => {
  const dayStart = plan.atUs - DAY_US;
  const fromUs = dayStart > plan.state.lastModifiedUs ? dayStart : plan.state.lastModifiedUs;
  return {
    // The previous change's time is in the seed, so successive mutations pick other rows.
    h: sqlHelpers(`${plan.seed}:${plan.state.lastModifiedUs}`),
    at: timestampLiteral(plan.atUs),
    from: timestampLiteral(fromUs),
    counts: plan.counts,
  };
};

/**
 * Marks the latest version of each key in `versions` (a SELECT of whole new rows)
 * superseded and inserts the new versions, all with the mutation's time.
 */
export const supersede = (
  m: TMutationSql,
  table: TErpTable,
  key: string,
  versions: string,
): TMutationStep[] => [
  {
    sql: `CREATE OR REPLACE TEMP TABLE m_versions AS
      SELECT * REPLACE (${m.at} AS LASTMODIFIED) FROM (${versions})`,
  },
  {
    table,
    kind: 'superseded',
    sql: `UPDATE ${table} SET ISLATEST = FALSE, LASTMODIFIED = ${m.at}
      WHERE ISLATEST AND ${key} IN (SELECT ${key} FROM m_versions)`,
  },
  { sql: `INSERT INTO ${table} SELECT * FROM m_versions` },
];

/**
 * `count` keys of live, latest rows of `table` (with `where`) that this mutation
 * has not touched yet, in seeded order.
 */
export const pickLive = (
  m: TMutationSql,
  table: string,
  key: string,
  count: number,
  salt: string,
  where = 'TRUE',
) =>
  `SELECT ${key} FROM ${table}
   WHERE ISLATEST AND NOT ISDELETED AND LASTMODIFIED < ${m.at} AND (${where})
   ORDER BY ${m.h.rank(key, salt)}, ${key} LIMIT ${count}`;
