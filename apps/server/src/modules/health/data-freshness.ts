import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDataFreshnessResponse,
  expectedMaxAgeMinutes,
  isDataStale,
} from '@portal/domain/data-freshness';
import { ZScheduleSpecOut, type TScheduleSpec } from '@portal/domain/data-sync-schedule-api';
import type { Database } from '../../db/schema';
import { requireAuth } from '../../plugins/auth';
import { ZErrorBody } from '../../plugins/errors';

/** The table whose sync the dashboards' 'Data as of' line reports. */
const ORDERS_TABLE = 'orders';

const lastOrdersSync = async (db: Kysely<Database>): Promise<number | null> => {
  const row = await db
    .selectFrom('sync_jobs')
    .select((eb) => eb.fn.max('end_time').as('at'))
    .where('mysql_table', '=', ORDERS_TABLE)
    .where('status', '=', 'completed')
    .executeTakeFirst();
  return row?.at ?? null;
};

const loadsOrders = (mappingsJson: string) => {
  try {
    const mappings: unknown = JSON.parse(mappingsJson);
    return (
      Array.isArray(mappings) &&
      mappings.some(
        (mapping) =>
          typeof mapping === 'object' &&
          mapping !== null &&
          (mapping as { mysql_table?: unknown }).mysql_table === ORDERS_TABLE,
      )
    );
  } catch {
    return false;
  }
};

/**
 * The enabled schedules of groups that load the orders table, while the scheduler runs;
 * a stopped scheduler promises nothing, so then there are none.
 */
const ordersSchedules = async (db: Kysely<Database>): Promise<TScheduleSpec[]> => {
  const scheduler = await db.selectFrom('sync_scheduler').select('running').executeTakeFirst();
  // No row yet: the scheduler starts running by default (data-sync repository).
  if (scheduler && scheduler.running !== 1) {
    return [];
  }
  const rows = await db
    .selectFrom('sync_schedules')
    .innerJoin('sync_groups', 'sync_groups.id', 'sync_schedules.group_id')
    .select(['sync_schedules.schedule', 'sync_groups.mappings'])
    .where('sync_schedules.enabled', '=', 1)
    .execute();
  return rows.flatMap((row) => {
    if (!loadsOrders(row.mappings)) {
      return [];
    }
    try {
      const parsed = ZScheduleSpecOut.safeParse(JSON.parse(row.schedule));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
};

/**
 * GET /api/data-freshness: when the orders table was last synced and whether that is
 * late for its schedule. Any signed-in user; it says nothing about any patient.
 */
export const dataFreshnessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/data-freshness',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The orders data's last completed sync and whether it is late",
        tags: ['health'],
        response: { 200: ZDataFreshnessResponse, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => {
      requireAuth(request);
      const { db } = app.portal.database;
      const [lastSyncAt, schedules] = await Promise.all([lastOrdersSync(db), ordersSchedules(db)]);
      const maxAgeMinutes = expectedMaxAgeMinutes(schedules);
      return {
        success: true as const,
        orders_synced_at: lastSyncAt === null ? null : new Date(lastSyncAt).toISOString(),
        max_age_minutes: maxAgeMinutes,
        scheduled: schedules.length > 0,
        stale: isDataStale({ lastSyncAt, now: app.clock(), maxAgeMinutes }),
      };
    },
  );
};
