import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimDailyRun, DAY_MS, finishRun, purgeAuditRows } from './retention';

export const AUDIT_PURGE_JOB = 'audit_purge';

/** How often a process asks whether today's purge is still to run; the claim decides. */
const CHECK_INTERVAL_MS = 15 * 60_000;

export type TPurgeResult = { claimed: false } | { claimed: true; deleted: number };

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Runs the audit retention purge if no process has run it in this UTC day. */
    purgeAuditIfDue: () => Promise<TPurgeResult>;
  }
}

/**
 * The daily purge of audit rows past AUDIT_RETENTION_DAYS. Every process checks on a
 * timer; the claim in housekeeping_runs lets exactly one of them run per day, however
 * many share the database. Nothing in memory says whether it ran.
 */
const auditHousekeeping = (app: FastifyInstance) => {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(0, 64);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<TPurgeResult> | undefined;

  const purge = async (): Promise<TPurgeResult> => {
    const { db } = app.portal.database;
    const now = app.clock();
    if (!(await claimDailyRun(db, { name: AUDIT_PURGE_JOB, now, owner }))) {
      return { claimed: false };
    }
    const before = now - app.portal.config.auditRetentionDays * DAY_MS;
    const deleted = await purgeAuditRows(db, { before });
    await finishRun(db, {
      name: AUDIT_PURGE_JOB,
      now: app.clock(),
      result: `deleted ${deleted} rows before ${new Date(before).toISOString()}`,
    });
    if (deleted > 0) {
      app.log.info({ deleted, before }, 'audit rows past retention purged');
    }
    return { claimed: true, deleted };
  };

  // One pass at a time in this process; the claim keeps other processes out.
  app.decorate('purgeAuditIfDue', () => {
    running ??= purge().finally(() => {
      running = undefined;
    });
    return running;
  });

  const check = () => {
    app.purgeAuditIfDue().catch((error: unknown) => {
      app.log.error({ err: error }, 'audit retention purge failed');
    });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(check, CHECK_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
};

export default fp(auditHousekeeping, { name: 'audit-housekeeping' });
