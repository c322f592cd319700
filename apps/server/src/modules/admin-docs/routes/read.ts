import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminDocDetailResponse,
  ZAdminDocListResponse,
  ZAdminDocQuery,
} from '@portal/domain/admin-docs-api';
import { listAdminDocs, readAdminDoc } from '../service';
import { PATH, TAGS, adminOnly, errors } from './shared';

/**
 * GET /api/admin/documentation: the list, or with ?doc_id= one document and its history
 * (the spec puts both on one path). &version=N opens an earlier version of it.
 */
export const readRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PATH,
    {
      onRequest: adminOnly(app),
      schema: {
        summary:
          'Every admin document; with doc_id one document and its version history; with doc_id and version an earlier version',
        tags: TAGS,
        querystring: ZAdminDocQuery,
        response: {
          200: z.union([ZAdminDocDetailResponse, ZAdminDocListResponse]),
          ...errors,
        },
      },
    },
    async (request) => {
      const { db } = app.portal.database;
      const { doc_id: id, version } = request.query;
      if (id === undefined) {
        return { success: true as const, documents: await listAdminDocs(db) };
      }
      return { success: true as const, ...(await readAdminDoc(db, { id, version })) };
    },
  );
};
