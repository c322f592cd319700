import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favoriteListRoutes } from './routes/favorite-list-routes';
import { favoriteRoutes } from './routes/favorite-routes';
import { intakeRoutes } from './routes/intake-routes';
import { orderLookupRoutes } from './routes/order-lookup-routes';
import { orderRoutes } from './routes/order-routes';
import { patientListRoutes } from './routes/patient-list-routes';
import { patientRoutes } from './routes/patient-routes';
import { payorRoutes } from './routes/payor-routes';

/** Patients, their orders and items, favourites, intake and payors, mounted under /api. */
export const patientsModuleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(patientListRoutes);
  await app.register(patientRoutes);
  await app.register(orderRoutes);
  await app.register(orderLookupRoutes);
  await app.register(favoriteRoutes);
  await app.register(favoriteListRoutes);
  await app.register(intakeRoutes);
  await app.register(payorRoutes);
};
