import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_TEMPLATE_EXAMPLE,
  ZBulkUploadResponse,
} from '@portal/domain/bulk-users';
import { ZDeliveryQuery } from '@portal/domain/first-access';
import { rolesFor } from '@portal/domain/routes';
import { readCsvUpload, registerCsvMultipart, sendCsv } from '../../lib/csv-upload';
import { requireAuth, requireRole } from '../../plugins/auth';
import { ZErrorBody } from '../../plugins/errors';
import { createUsersFromCsv } from './service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** Admin Bulk User Upload (staff-tools.md section 7, Admin), under /api. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerCsvMultipart(app);
  const guard = [app.authenticate, requireRole(...rolesFor('/admin/bulk-upload'))];

  app.get(
    '/admin/bulk-upload-template-simple',
    {
      onRequest: guard,
      schema: {
        summary: 'The bulk upload CSV template: its columns and an example row (admins only)',
        tags: ['admin'],
        produces: ['text/csv'],
        response: {
          200: z.string().describe(`CSV with the columns ${BULK_UPLOAD_COLUMNS.join(', ')}`),
          ...errors,
        },
      },
    },
    async (_request, reply) =>
      sendCsv(reply, 'bulk_user_upload_template.csv', [
        [...BULK_UPLOAD_COLUMNS],
        BULK_UPLOAD_COLUMNS.map((column) => BULK_UPLOAD_TEMPLATE_EXAMPLE[column]),
      ]),
  );

  app.post(
    '/admin/bulk-upload-users',
    {
      onRequest: guard,
      schema: {
        summary:
          'Creates one user per CSV row (multipart field "file", at most 2 MB and 5,000 rows) with temporary passwords, or with invitation emails (delivery=invitation); each row succeeds or fails on its own (admins only)',
        tags: ['admin'],
        consumes: ['multipart/form-data'],
        querystring: ZDeliveryQuery,
        response: { 200: ZBulkUploadResponse, ...errors, 413: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const rows = await readCsvUpload(request, 'email');
      const { db } = app.portal.database;
      const { delivery } = request.query;
      const { config } = app.portal;
      const results = await createUsersFromCsv(db, rows, {
        now: app.clock,
        delivery,
        days: config.temporaryPasswordDays,
        appOrigin: config.appOrigin,
      });
      if (delivery === 'invitation') {
        app.mail.wake();
      }
      await app.audit(request, {
        action: 'bulk_user_upload',
        userId: user.id,
        detail: {
          rows: results.total,
          created: results.successful.length,
          failed: results.failed.length,
          delivery,
        },
      });
      void reply.header('Cache-Control', 'no-store');
      return { success: true as const, results };
    },
  );
};
