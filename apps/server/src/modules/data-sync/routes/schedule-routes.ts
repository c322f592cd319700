import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZScheduleBody,
  ZScheduleResponse,
  ZSchedulesBody,
  ZSchedulesResponse,
} from '@portal/domain/data-sync-schedule-api';
import { requireAuth } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import { ERROR_RESPONSES, readers, runners } from '../guards';
import { presentSchedules, replaceSchedules, saveSchedule } from '../schedules';

const tags = ['data-sync'];

/** Schedules: GET /schedules, POST /schedule (one), POST /schedules (the whole list). */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.portal.database;
  const { scheduler } = app.dataSync;

  app.get(
    '/schedules',
    {
      onRequest: readers(app),
      schema: {
        summary: 'Every schedule with its group and next run',
        tags,
        response: { 200: ZSchedulesResponse, ...ERROR_RESPONSES },
      },
    },
    async () => ({ success: true as const, schedules: await presentSchedules(db, app.clock()) }),
  );

  app.post(
    '/schedule',
    {
      onRequest: runners(app),
      schema: {
        summary:
          'Creates a schedule, or edits the one whose id is given. Interval 1-1440 minutes; defaults every 15 minutes, 00:00-23:59, all days.',
        tags,
        body: ZScheduleBody,
        response: { 200: ZScheduleResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const id = await saveSchedule(db, request.body, {
        now: app.clock(),
        nextRun: scheduler.nextRun,
      });
      await app.audit(request, {
        action: 'sync_schedule_save',
        userId: user.id,
        detail: { schedule_id: id, created: request.body.id === undefined, ...request.body },
      });
      const schedule = (await presentSchedules(db, app.clock())).find((item) => item.id === id);
      if (!schedule) {
        throw new AppError('conflict', 'The schedule was deleted meanwhile');
      }
      return { success: true as const, schedule };
    },
  );

  app.post(
    '/schedules',
    {
      onRequest: runners(app),
      schema: {
        summary:
          'Replaces the schedule list: items with an id are edited, without one created, and schedules left out deleted',
        tags,
        body: ZSchedulesBody,
        response: { 200: ZSchedulesResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { ids, deleted } = await replaceSchedules(db, request.body.schedules, {
        now: app.clock(),
        nextRun: scheduler.nextRun,
      });
      await app.audit(request, {
        action: 'sync_schedule_save',
        userId: user.id,
        detail: { schedule_ids: ids, deleted },
      });
      return { success: true as const, schedules: await presentSchedules(db, app.clock()) };
    },
  );
};
