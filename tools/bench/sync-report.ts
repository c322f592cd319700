import type { TDialect } from '../../apps/server/src/db/database';
import type { TMutationSummary } from '../warehouse/mutate';
import type { TComparison } from './sync-compare';
import type { TMappingResult, TPhaseResult } from './sync-phase';

/** bench:sync's output: a line per database, what the figures mean, then each mapping's run. */

export type TDialectResult = {
  dialect: TDialect;
  full: TPhaseResult;
  incremental: TPhaseResult;
  check?: { reload: TPhaseResult; comparison: TComparison } | undefined;
};

/** The issue's goal for incremental s / full s. */
export const RATIO_GOAL = 0.05;

export const format = (value: number) => value.toLocaleString('en-US');
export const seconds = (ms: number) => (ms / 1000).toFixed(1);

const total = (phase: TPhaseResult, pick: (mapping: TMappingResult) => number) =>
  phase.mappings.reduce((sum, mapping) => sum + pick(mapping), 0);

/** '5 incremental, 4 replace': how the mappings of a run went. */
export const describeModes = (phase: TPhaseResult) => {
  const modes = new Map<string, number>();
  for (const mapping of phase.mappings) {
    modes.set(mapping.mode, (modes.get(mapping.mode) ?? 0) + 1);
  }
  return [...modes].map(([mode, count]) => `${count} ${mode}`).join(', ');
};

export const mutationLine = (summary: TMutationSummary) => {
  const totals = { inserted: 0, updated: 0, deleted: 0, superseded: 0 };
  for (const changes of Object.values(summary.tables)) {
    for (const kind of Object.keys(totals) as (keyof typeof totals)[]) {
      totals[kind] += changes[kind];
    }
  }
  const orders = summary.tables.SALESORDERS;
  return (
    `Mutation (seed ${summary.seed}, ${summary.ordersPercent} % of orders, at ${summary.at}): ` +
    `${Object.entries(totals)
      .map(([kind, count]) => `${format(count)} ${kind}`)
      .join(
        ', ',
      )} warehouse rows; orders: ${format(orders.inserted)} new, ${format(orders.updated)} moved, ${format(orders.deleted)} deleted, ${format(orders.superseded)} superseded`
  );
};

const LEGEND = [
  `ratio: incremental s / full s (goal ≤ ${RATIO_GOAL}).`,
  'rows changed: summed over the second run’s mapping jobs; per mapping, sync_jobs.rows_changed when the job has it (keys deleted or upserted by an incremental run, every row loaded by a reload), else the keys touched from its job log, else sync_jobs.rows_processed (a plain replace: every row). Sources used: see below.',
  'rows read: sync_jobs.rows_processed summed: rows the second run read from the warehouse.',
  'peak RSS: each run is a child process of its own; its getrusage maxRSS (the kernel’s VmHWM) at the end of the run, the modules and the migration included. SQLite runs inside that process and counts; the MariaDB and PostgreSQL servers’ memory does not.',
];

export const printResults = (results: TDialectResult[], check: boolean) => {
  const head = [
    'database'.padEnd(9),
    'full s'.padStart(8),
    'incr s'.padStart(8),
    'ratio'.padStart(6),
    'rows changed'.padStart(13),
    'rows read'.padStart(11),
    'peak RSS full'.padStart(14),
    'peak RSS incr'.padStart(14),
    ...(check ? ['  check'] : []),
  ].join(' ');
  console.log(`\n${head}`);
  for (const { dialect, full, incremental, check: checked } of results) {
    console.log(
      [
        dialect.padEnd(9),
        seconds(full.ms).padStart(8),
        seconds(incremental.ms).padStart(8),
        (incremental.ms / full.ms).toFixed(3).padStart(6),
        format(total(incremental, (m) => m.rowsChanged)).padStart(13),
        format(total(incremental, (m) => m.rowsProcessed)).padStart(11),
        `${Math.round(full.peakRssMb)} MB`.padStart(14),
        `${Math.round(incremental.peakRssMb)} MB`.padStart(14),
        ...(checked ? [`  ${checked.comparison.difference ? 'DIFFERENT' : 'identical'}`] : []),
      ].join(' '),
    );
  }
  console.log(`\n${LEGEND.join('\n')}`);
  for (const { dialect, full, incremental, check: checked } of results) {
    const sources = [...new Set(incremental.mappings.map((m) => m.changedSource))].join(', ');
    console.log(
      `\n${dialect}, second run (${describeModes(incremental)}; rows changed from ${sources}; RSS when the runs started, before the peaks: ${Math.round(full.startRssMb)} and ${Math.round(incremental.startRssMb)} MB):`,
    );
    for (const m of incremental.mappings) {
      console.log(
        `  ${m.table.padEnd(22)} ${m.mode.padEnd(12)} ${format(m.rowsChanged).padStart(11)} changed ${format(m.rowsProcessed).padStart(11)} read ${seconds(m.ms).padStart(7)} s`,
      );
    }
    if (checked?.comparison.difference) {
      console.log(`  check: first difference: ${checked.comparison.difference}`);
    } else if (checked) {
      const rows = checked.comparison.tables.reduce((sum, t) => sum + t.rows, 0);
      console.log(
        `  check: identical to a full reload (${checked.comparison.tables.length} tables, ${format(rows)} rows; the reload took ${seconds(checked.reload.ms)} s)`,
      );
    }
  }
};
