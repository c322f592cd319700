import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRoutes } from './routes/create';
import { deleteRoutes } from './routes/delete';
import { readRoutes } from './routes/read';
import { updateRoutes } from './routes/update';

/** Admin documentation (issue 14), under /api: one file per endpoint. */
export const adminDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readRoutes);
  await app.register(createRoutes);
  await app.register(updateRoutes);
  await app.register(deleteRoutes);
};
