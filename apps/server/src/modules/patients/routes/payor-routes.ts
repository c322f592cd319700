import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPayorsResponse } from '@portal/domain/patients-api';
import { requireAuth } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { listPayors } from '../other-repository';
import { isAdmin, isPatientUser } from '../scope';

const errors = { 401: ZErrorBody, 403: ZErrorBody };

export const payorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payors',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'The payors whose patients the user may browse (admins choose one)',
        tags: ['patients'],
        response: { 200: ZPayorsResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { db } = app.portal.database;
      if (isAdmin(user)) {
        return { success: true as const, payors: await listPayors(db) };
      }
      if (isPatientUser(user) || user.payor_key === null) {
        return { success: true as const, payors: [] };
      }
      return { success: true as const, payors: await listPayors(db, user.payor_key) };
    },
  );
};
