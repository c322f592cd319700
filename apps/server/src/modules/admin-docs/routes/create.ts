import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_DOC_MESSAGES,
  ZAdminDocInput,
  ZAdminDocSaveResponse,
} from '@portal/domain/admin-docs-api';
import { requireAuth } from '../../../plugins/auth';
import { createAdminDoc } from '../service';
import { PATH, TAGS, adminOnly, errors } from './shared';

/** POST /api/admin/documentation: version 1 of a new document. */
export const createRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    PATH,
    {
      onRequest: adminOnly(app),
      schema: {
        summary: 'Creates a document (version 1); the HTML is sanitised against the allow-list',
        tags: TAGS,
        body: ZAdminDocInput,
        response: { 200: ZAdminDocSaveResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const saved = await createAdminDoc(app.portal.database.db, {
        fields: request.body,
        user,
        now: app.clock(),
      });
      await app.audit(request, {
        action: 'admin_doc_create',
        userId: user.id,
        detail: { doc_id: saved.id, version: saved.version, title: saved.title },
      });
      return {
        success: true as const,
        doc_id: saved.id,
        version: saved.version,
        message: ADMIN_DOC_MESSAGES.created,
      };
    },
  );
};
