import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_DOC_MESSAGES,
  ZAdminDocParams,
  ZAdminDocSaveResponse,
  ZAdminDocUpdate,
} from '@portal/domain/admin-docs-api';
import { requireAuth } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { updateAdminDoc } from '../service';
import { PATH, TAGS, adminOnly, errors } from './shared';

/** PUT /api/admin/documentation/{doc_id}: the next version, if nobody saved in between. */
export const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    `${PATH}/:doc_id`,
    {
      onRequest: adminOnly(app),
      schema: {
        summary:
          'Saves the next version of a document; 409 when it is no longer at expected_version',
        tags: TAGS,
        params: ZAdminDocParams,
        body: ZAdminDocUpdate,
        response: { 200: ZAdminDocSaveResponse, ...errors, 409: ZErrorBody },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { expected_version: expectedVersion, ...fields } = request.body;
      const saved = await updateAdminDoc(app.portal.database.db, {
        id: request.params.doc_id,
        expectedVersion,
        fields,
        user,
        now: app.clock(),
      });
      await app.audit(request, {
        action: 'admin_doc_update',
        userId: user.id,
        detail: { doc_id: saved.id, version: saved.version, title: saved.title },
      });
      return {
        success: true as const,
        doc_id: saved.id,
        version: saved.version,
        message: ADMIN_DOC_MESSAGES.updated,
      };
    },
  );
};
