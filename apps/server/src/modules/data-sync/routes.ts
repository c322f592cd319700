import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueRoutes } from './routes/catalogue-routes';
import { groupRoutes } from './routes/group-routes';
import { integrityRoutes } from './routes/integrity-routes';
import { jobRoutes } from './routes/job-routes';
import { runRoutes } from './routes/run-routes';
import { scheduleRoutes } from './routes/schedule-routes';
import { schedulerRoutes } from './routes/scheduler-routes';

/** Every /api/data-sync route; none of their answers is cached (samples hold patient rows). */
export const dataSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('Cache-Control', 'no-store');
    return payload;
  });
  await app.register(groupRoutes);
  await app.register(runRoutes);
  await app.register(jobRoutes);
  await app.register(integrityRoutes);
  await app.register(schedulerRoutes);
  await app.register(scheduleRoutes);
  await app.register(catalogueRoutes);
};
