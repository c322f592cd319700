import { access } from 'node:fs/promises';
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appliedMigrations } from '../../db/migrate';

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
  }),
});

const warehouseState = async (url: string): Promise<z.infer<typeof ZHealth>['warehouse']> => {
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
      const warehouse = await warehouseState(app.portal.config.warehouseUrl);
      const ok = database.status === 'up';
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database, warehouse });
    },
  );
};
