import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DELETE_DOCUMENTS_PERMISSION, DOCUMENT_MESSAGES } from '@portal/domain/documents';
import { DOCUMENT_CONTENT_TYPES } from '@portal/domain/documents-rules';
import { isRole, PERMISSIONS_BY_ROLE } from '@portal/domain/roles';
import { rolesFor } from '@portal/domain/routes';
import { STATUS_MESSAGES } from '@portal/domain/messages';
import type { TSignedInUser } from '../../auth/session-repository';
import { requireAuth, requireRole } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import { StorageNotFoundError } from '../../../storage/types';
import { canSeePatient } from '../../patients/scope';
import { attachmentDisposition } from '../presenters';
import { deleteDocumentRow, findDocument } from '../repository';
import { errorResponses, ZDocumentParams } from './shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

const notFound = () => new AppError('not_found', DOCUMENT_MESSAGES.notFound);

/** The document, if its patient is one the user may see; otherwise 404, as if it did not exist. */
const visibleDocument = async (db: Kysely<Database>, user: TSignedInUser, id: string) => {
  const row = await findDocument(db, id);
  if (
    !row ||
    !canSeePatient(user, { patient_key: row.patient_key, payor_key: row.patient_payor_key })
  ) {
    throw notFound();
  }
  return row;
};

export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = [app.authenticate, requireRole(...rolesFor('/documents'))];

  app.get(
    '/documents/:id/download',
    {
      onRequest: guard,
      config: { auditRead: 'document_download' },
      schema: {
        summary: "A document's bytes, as an attachment with its stored content type",
        tags: ['documents'],
        params: ZDocumentParams,
        // The stored file's own type; the OpenAPI document shows it as bytes (plugins/openapi.ts).
        produces: Object.values(DOCUMENT_CONTENT_TYPES),
        response: { 200: z.unknown().describe('The file itself'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const row = await visibleDocument(app.portal.database.db, user, request.params.id);
      const stored = await app.documentStorage.open(row.storage_key).catch((error: unknown) => {
        if (error instanceof StorageNotFoundError) {
          request.log.error({ id: row.id }, 'document row without stored bytes');
          throw notFound();
        }
        throw error;
      });
      try {
        await app.audit(request, {
          action: 'document_download',
          userId: user.id,
          patientKey: row.patient_key,
          detail: { document_id: row.id, order_number: row.order_number },
        });
      } catch (error) {
        stored.body.destroy();
        throw error;
      }
      return reply
        .header('Content-Type', row.content_type)
        .header('Content-Length', stored.size)
        .header('Content-Disposition', attachmentDisposition(row.file_name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(stored.body);
    },
  );

  app.delete(
    '/documents/:id',
    {
      onRequest: guard,
      config: { auditRead: 'document_delete' },
      schema: {
        summary: 'Delete a document (permission delete_documents)',
        tags: ['documents'],
        params: ZDocumentParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { db } = app.portal.database;
      const row = await visibleDocument(db, user, request.params.id);
      if (
        !isRole(user.role) ||
        !PERMISSIONS_BY_ROLE[user.role].includes(DELETE_DOCUMENTS_PERMISSION)
      ) {
        throw new AppError('forbidden', STATUS_MESSAGES[403] ?? 'Forbidden');
      }
      if (!(await deleteDocumentRow(db, row.id))) {
        throw notFound();
      }
      await app.audit(request, {
        action: 'document_delete',
        userId: user.id,
        patientKey: row.patient_key,
        detail: { document_id: row.id, file_name: row.file_name, order_number: row.order_number },
      });
      // The row is gone, so the bytes are unreachable; a failed removal is swept later.
      await app.documentStorage.remove(row.storage_key).catch((error: unknown) => {
        request.log.warn({ err: error, id: row.id }, 'document bytes left for the sweep');
      });
      void reply.header('Cache-Control', 'no-store');
      return { success: true as const };
    },
  );
};
