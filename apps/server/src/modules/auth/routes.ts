import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './routes/account-routes';
import { deviceRoutes } from './routes/device-routes';
import { passwordRoutes } from './routes/password-routes';
import { sessionRoutes } from './routes/session-routes';
import { prepareStandInHash } from './service';

/** Sign-in, sessions and password calls, mounted under /api. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await prepareStandInHash();
  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(accountRoutes);
  await app.register(deviceRoutes);
};
