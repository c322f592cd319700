import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_LIMITS } from '@portal/domain/documents';
import { itemRoutes } from './routes/item-routes';
import { listRoutes } from './routes/list-routes';
import { uploadRoutes } from './routes/upload-routes';

/**
 * GET /documents, POST /documents/upload, GET /documents/{id}/download and
 * DELETE /documents/{id}. Multipart is parsed only here, with the upload limits as
 * busboy's own: a larger file is cut off at 10 MB + 1 byte, never buffered whole.
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: DOCUMENT_LIMITS.maxFileBytes,
      files: DOCUMENT_LIMITS.maxFiles,
      fields: 10,
      fieldSize: 2048,
      parts: DOCUMENT_LIMITS.maxFiles + 10,
      headerPairs: 20,
    },
  });
  await app.register(listRoutes);
  await app.register(uploadRoutes);
  await app.register(itemRoutes);
};
