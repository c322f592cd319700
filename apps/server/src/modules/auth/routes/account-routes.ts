import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSuccessMessage } from '@portal/domain/auth-api';
import { requireAuth } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { markFilterPreferencesShown } from '../repository';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/filter-preferences-shown',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Records that the first-login filter prompt was shown',
        tags: ['auth'],
        response: { 200: ZSuccessMessage, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await markFilterPreferencesShown(app.portal.database.db, user.id, app.clock());
      return { success: true, message: 'Filter preferences prompt marked as shown' };
    },
  );
};
