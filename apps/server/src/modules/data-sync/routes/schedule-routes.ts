import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZScheduleBody,
  ZScheduleDeleteResponse,
  ZScheduleIdParams,
  ZScheduleResponse,
  ZScheduleUpdateBody,
  ZSchedulesBody,
  ZSchedulesResponse,
} from '@portal/domain/data-sync-schedule-api';
import { requireAuth } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import { ERROR_RESPONSES, readers, runners } from '../guards';
import {
  deleteSchedule,
  presentScheduleList,
  replaceSchedules,
  saveSchedule,
  updateSchedule,
} from '../schedules';

const tags = ['data-sync'];

/**
 * Schedules: GET /schedules (with the list's version), POST /schedule (one), PUT and
 * DELETE /schedules/:id (one, by id), POST /schedules (the whole list, at its version).
 * Every change is in the audit trail as sync_schedule_save.
 */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.portal.database;
  const { scheduler } = app.dataSync;

  /** The saved schedule as answered, with the list's version after the save. */
  const answerOne = async (id: string) => {
    const { schedules, version } = await presentScheduleList(db, app.clock());
    const schedule = schedules.find((item) => item.id === id);
    if (!schedule) {
      throw new AppError('conflict', 'The schedule was deleted meanwhile');
    }
    return { success: true as const, schedule, version };
  };

  app.get(
    '/schedules',
    {
      onRequest: readers(app),
      schema: {
        summary: "Every schedule with its group and next run, and the list's version",
        tags,
        response: { 200: ZSchedulesResponse, ...ERROR_RESPONSES },
      },
    },
    async () => ({ success: true as const, ...(await presentScheduleList(db, app.clock())) }),
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
      return answerOne(id);
    },
  );

  app.put(
    '/schedules/:id',
    {
      onRequest: runners(app),
      schema: {
        summary: 'Edits one schedule by its id; the other schedules are left as they are',
        tags,
        params: ZScheduleIdParams,
        body: ZScheduleUpdateBody,
        response: { 200: ZScheduleResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      await updateSchedule(db, id, request.body, { now: app.clock(), nextRun: scheduler.nextRun });
      await app.audit(request, {
        action: 'sync_schedule_save',
        userId: user.id,
        detail: { schedule_id: id, created: false, ...request.body },
      });
      return answerOne(id);
    },
  );

  app.delete(
    '/schedules/:id',
    {
      onRequest: runners(app),
      schema: {
        summary: 'Deletes one schedule by its id; the other schedules are left as they are',
        tags,
        params: ZScheduleIdParams,
        response: { 200: ZScheduleDeleteResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const deleted = await deleteSchedule(db, id, app.clock());
      await app.audit(request, {
        action: 'sync_schedule_save',
        userId: user.id,
        detail: { schedule_id: id, deleted: [id], group_id: deleted.group_id },
      });
      const { version } = await presentScheduleList(db, app.clock());
      return { success: true as const, deleted: id, version };
    },
  );

  app.post(
    '/schedules',
    {
      onRequest: runners(app),
      schema: {
        summary:
          'Replaces the schedule list: items with an id are edited, without one created, and schedules left out deleted. Carries the version GET /schedules answered; a list changed since is refused (409) and nothing is written.',
        tags,
        body: ZSchedulesBody,
        response: { 200: ZSchedulesResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { ids, deleted } = await replaceSchedules(db, request.body.schedules, {
        version: request.body.version,
        now: app.clock(),
        nextRun: scheduler.nextRun,
      });
      await app.audit(request, {
        action: 'sync_schedule_save',
        userId: user.id,
        detail: { schedule_ids: ids, deleted, version: request.body.version },
      });
      return { success: true as const, ...(await presentScheduleList(db, app.clock())) };
    },
  );
};
