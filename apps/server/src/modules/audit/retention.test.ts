import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createDatabase, type TDialect, type TPortalDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { loadOrCreateSecrets } from '../../lib/secrets';
import { testClock } from '../../test/clock';
import { createTestDatabase, testDialects } from '../../test/databases';
import { turnsDuring } from '../../test/event-loop';
import { AUDIT_PURGE_JOB } from './housekeeping';
import { DAY_MS, purgeAuditRows } from './retention';

const RETENTION_DAYS = 30;
// 10:00 UTC, so a few hours later is still the same day slot.
const START = Date.parse('2025-06-10T10:00:00Z');

/**
 * Two portal processes on one database (two apps, two connection pools) with one
 * controlled clock: the daily purge runs once per UTC day whichever asks first, and
 * deletes only rows older than AUDIT_RETENTION_DAYS.
 */
const useTwoPortals = (dialect: TDialect) => {
  const clock = testClock(START);
  const state: { apps: FastifyInstance[]; databases: TPortalDatabase[] } = {
    apps: [],
    databases: [],
  };
  const cleanup: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const test = await createTestDatabase(dialect, { migrated: true });
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-retention-'));
    cleanup.push(test.drop, () => rm(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: test.url,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'silent',
      AUDIT_RETENTION_DAYS: String(RETENTION_DAYS),
    });
    const secrets = await loadOrCreateSecrets(dataDir);
    for (let index = 0; index < 2; index += 1) {
      const database = createDatabase(config.databaseUrl);
      cleanup.unshift(() => database.destroy());
      if (index === 0) {
        await migrateToLatest(database.db);
      }
      const app = await buildApp({ config, secrets, database, logger: false, clock: clock.now });
      cleanup.unshift(() => app.close());
      state.apps.push(app);
      state.databases.push(database);
    }
  }, 60_000);
  afterAll(async () => {
    for (const step of cleanup) {
      await step();
    }
  }, 60_000);
  return { clock, state };
};

describe.each(testDialects())('daily audit retention purge [%s]', (dialect) => {
  const { clock, state } = useTwoPortals(dialect);

  const db = () => {
    const [first] = state.databases;
    if (!first) {
      throw new Error('the portals start in beforeAll');
    }
    return first.db;
  };
  const addRow = (ageDays: number, action: string) =>
    db()
      .insertInto('audit_log')
      .values({ at: clock.now() - ageDays * DAY_MS, action, user_id: 1, ip: null })
      .execute();
  const remaining = async () =>
    (await db().selectFrom('audit_log').select('action').orderBy('at').execute()).map(
      (row) => row.action,
    );
  const purgeFromBoth = () => Promise.all(state.apps.map((app) => app.purgeAuditIfDue()));

  it('reads its retention from AUDIT_RETENTION_DAYS, six years by default', () => {
    expect(state.apps[0]?.portal.config.auditRetentionDays).toBe(RETENTION_DAYS);
    expect(loadConfig({}).auditRetentionDays).toBe(2190);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(
      'AUDIT_RETENTION_DAYS must be a whole number of at least 1, got "0"',
    );
  });

  it('runs once per day slot across both processes and deletes only rows past retention', async () => {
    await addRow(400, 'very_old');
    await addRow(31, 'past_retention');
    await addRow(29.5, 'within_retention');
    await addRow(0, 'today');

    const first = await purgeFromBoth();
    expect(first.filter((result) => result.claimed)).toEqual([{ claimed: true, deleted: 2 }]);
    expect(await remaining()).toEqual(['within_retention', 'today']);

    // Later the same UTC day: the slot is taken, nobody purges, even with rows now due.
    clock.advance(12 * 60 * 60_000);
    await addRow(40, 'due_but_same_day');
    expect(await purgeFromBoth()).toEqual([{ claimed: false }, { claimed: false }]);
    expect(await remaining()).toEqual(['due_but_same_day', 'within_retention', 'today']);

    // The next day: exactly one process runs it, and the 29.5-day row is now 30.5 days old.
    clock.advance(12 * 60 * 60_000);
    const second = await purgeFromBoth();
    expect(second.filter((result) => result.claimed)).toEqual([{ claimed: true, deleted: 2 }]);
    expect(await remaining()).toEqual(['today']);

    const run = await db()
      .selectFrom('housekeeping_runs')
      .selectAll()
      .where('name', '=', AUDIT_PURGE_JOB)
      .executeTakeFirstOrThrow();
    expect(run.next_run_at).toBe(Date.parse('2025-06-12T00:00:00Z'));
    expect(run.last_result).toMatch(/^deleted 2 rows before 2025-05-12T10:00:00.000Z$/);
  });

  it('deletes in bounded batches until nothing past retention is left', async () => {
    const old = clock.now() - 100 * DAY_MS;
    await db()
      .insertInto('audit_log')
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          at: old + index,
          action: 'batch_old',
          user_id: 1,
          ip: null,
        })),
      )
      .execute();
    await addRow(1, 'recent');
    const before = clock.now() - RETENTION_DAYS * DAY_MS;
    const { result, turns } = await turnsDuring(() =>
      purgeAuditRows(db(), { before, batchSize: 10 }),
    );
    expect(result).toBe(25);
    expect(await remaining()).toEqual(['today', 'recent']);
    // Requests are answered between batches, on SQLite too: a turn after each full batch.
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});
