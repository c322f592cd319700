import { access } from 'node:fs/promises';
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appliedMigrations } from '../../db/migrate';
import { lastCompletedSync } from '../../sync/jobs';
import { dataFreshnessRoutes } from './data-freshness';

const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    dialect: z.enum(['sqlite', 'mysql', 'postgres']),
    status: z.enum(['up', 'down']),
    migrations: z.number().int(),
  }),
  warehouse: z.object({
    kind: z.enum(['duckdb', 'snowflake']),
    status: z.enum(['ready', 'missing', 'configured']),
    /** End of the newest completed (or partial) sync, epoch ms; null before the first. */
    last_sync: z.number().nullable(),
  }),
});

const warehouseState = async (
  url: string,
): Promise<Omit<z.infer<typeof ZHealth>['warehouse'], 'last_sync'>> => {
  if (/^snowflake:\/\//i.test(url)) {
    // Reaching Snowflake costs credits and seconds; health only says it is configured.
    return { kind: 'snowflake', status: 'configured' };
  }
  try {
    await access(url);
    return { kind: 'duckdb', status: 'ready' };
  } catch {
    return { kind: 'duckdb', status: 'missing' };
  }
};

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(dataFreshnessRoutes);

  app.get(
    '/health',
    {
      schema: {
        summary: 'Database and warehouse state; 503 when the database is down',
        tags: ['health'],
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (_request, reply) => {
      const { db, dialect } = app.portal.database;
      let database: z.infer<typeof ZHealth>['database'];
      try {
        await sql`select 1`.execute(db);
        database = { dialect, status: 'up', migrations: await appliedMigrations(db) };
      } catch (error) {
        app.log.error({ err: error }, 'health: database unreachable');
        database = { dialect, status: 'down', migrations: 0 };
      }
      const lastSync =
        database.status === 'up'
          ? ((await lastCompletedSync(db).catch(() => undefined)) ?? null)
          : null;
      const warehouse = {
        ...(await warehouseState(app.portal.config.warehouseUrl)),
        last_sync: lastSync,
      };
      const ok = database.status === 'up';
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database, warehouse });
    },
  );
};
