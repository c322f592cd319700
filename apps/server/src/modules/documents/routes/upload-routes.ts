import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUploadResponse } from '@portal/domain/documents';
import { rolesFor } from '@portal/domain/routes';
import { requireAuth, requireRole } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { handleUpload } from '../upload';
import { errorResponses } from './shared';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/documents/upload',
    {
      onRequest: [app.authenticate, requireRole(...rolesFor('/documents'))],
      schema: {
        summary:
          'Upload up to 5 files for one order (multipart: file, order_identifier, patient_key, order_key, description)',
        tags: ['documents'],
        consumes: ['multipart/form-data'],
        response: { 201: ZUploadResponse, ...errorResponses, 413: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const documents = await handleUpload(app, request, user);
      void reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ success: true as const, documents });
    },
  );
};
