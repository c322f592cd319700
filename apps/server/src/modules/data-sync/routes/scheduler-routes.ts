import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZSchedulerControlBody,
  ZSchedulerControlResponse,
  ZSchedulerStatus,
  ZSchedulerStatusQuery,
} from '@portal/domain/data-sync-schedule-api';
import { requireAuth } from '../../../plugins/auth';
import { ERROR_RESPONSES, canRunSync, readers, runners } from '../guards';

const tags = ['data-sync'];

/** The scheduler's state for every process: GET /scheduler/status, POST /scheduler/control. */
export const schedulerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scheduler } = app.dataSync;

  app.get(
    '/scheduler/status',
    {
      onRequest: readers(app),
      schema: {
        summary:
          'Whether the scheduler runs, since when, and the next runs. auto_start=true starts a stopped scheduler (run_sync only).',
        tags,
        querystring: ZSchedulerStatusQuery,
        response: { 200: ZSchedulerStatus, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      if (request.query.auto_start && canRunSync(user.role)) {
        if (await scheduler.control('start', user.email)) {
          await app.audit(request, {
            action: 'sync_scheduler_control',
            userId: user.id,
            detail: { action: 'start', auto_start: true },
          });
        }
      }
      return scheduler.status();
    },
  );

  app.post(
    '/scheduler/control',
    {
      onRequest: runners(app),
      schema: {
        summary:
          'Starts or stops the scheduler for every portal process. Starting plans each schedule from now; runs missed while stopped are not made up.',
        tags,
        body: ZSchedulerControlBody,
        response: { 200: ZSchedulerControlResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { action } = request.body;
      const changed = await scheduler.control(action, user.email);
      await app.audit(request, {
        action: 'sync_scheduler_control',
        userId: user.id,
        detail: { action, changed },
      });
      const running = action === 'start';
      const message = changed
        ? `Scheduler ${running ? 'started' : 'stopped'}`
        : `The scheduler was already ${running ? 'running' : 'stopped'}`;
      return { success: true as const, message, running };
    },
  );
};
