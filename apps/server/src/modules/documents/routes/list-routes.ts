import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDocumentListQuery, ZDocumentListResponse } from '@portal/domain/documents';
import { rolesFor } from '@portal/domain/routes';
import { requireAuth, requireRole } from '../../../plugins/auth';
import { presentDocument } from '../presenters';
import { countDocuments, listDocuments } from '../repository';
import { documentScope } from '../scope';
import { errorResponses } from './shared';

export const listRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents',
    {
      onRequest: [app.authenticate, requireRole(...rolesFor('/documents'))],
      config: { auditRead: 'document_list' },
      schema: {
        summary: 'A page of the documents the user may see, newest first',
        tags: ['documents'],
        querystring: ZDocumentListQuery,
        response: { 200: ZDocumentListResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { page, per_page: perPage, patient_key, order_key, search, type } = request.query;
      const filter = {
        scope: documentScope(user),
        patientKey: patient_key,
        orderKey: order_key,
        search: search || undefined,
        type,
      };
      const { db } = app.portal.database;
      const [total, rows] = await Promise.all([
        countDocuments(db, filter),
        listDocuments(db, { ...filter, page, perPage }),
      ]);
      await app.audit(request, {
        action: 'document_list',
        userId: user.id,
        patientKey: patient_key ?? null,
        detail: {
          patient_keys: [...new Set(rows.map((row) => row.patient_key))],
          ...(order_key ? { order_key } : {}),
          ...(search ? { search } : {}),
          page,
        },
      });
      void reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        documents: rows.map(presentDocument),
        current_page: page,
        pages: Math.max(1, Math.ceil(total / perPage)),
        total,
        per_page: perPage,
      };
    },
  );
};
