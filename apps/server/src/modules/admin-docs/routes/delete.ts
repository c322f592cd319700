import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_DOC_MESSAGES,
  ZAdminDocDeleteResponse,
  ZAdminDocParams,
} from '@portal/domain/admin-docs-api';
import { requireAuth } from '../../../plugins/auth';
import { deleteAdminDoc } from '../service';
import { PATH, TAGS, adminOnly, errors } from './shared';

/** DELETE /api/admin/documentation/{doc_id}: the document and all its versions. */
export const deleteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    `${PATH}/:doc_id`,
    {
      onRequest: adminOnly(app),
      schema: {
        summary: 'Deletes a document with its version history; the audit trail keeps the fact',
        tags: TAGS,
        params: ZAdminDocParams,
        response: { 200: ZAdminDocDeleteResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const id = request.params.doc_id;
      const deleted = await deleteAdminDoc(app.portal.database.db, id);
      await app.audit(request, {
        action: 'admin_doc_delete',
        userId: user.id,
        detail: { doc_id: id, version: deleted.version, title: deleted.title },
      });
      return { success: true as const, message: ADMIN_DOC_MESSAGES.deleted };
    },
  );
};
