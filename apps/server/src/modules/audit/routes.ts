import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_EXPORT_MAX_ROWS,
  ZAuditFilters,
  ZAuditListQuery,
  ZAuditListResponse,
} from '@portal/domain/audit-api';
import { rolesFor } from '@portal/domain/routes';
import { requireAuth, requireRole } from '../../plugins/auth';
import { AppError, ZErrorBody } from '../../plugins/errors';
import { trailCsv } from './csv';
import { resolveFilters } from './filters';
import { countTrail, pageTrail, streamTrail } from './repository';
import { exportFileName, presentAuditRow } from './service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const adminOnly = (app: Parameters<FastifyPluginAsyncZod>[0]) => [
  app.authenticate,
  requireRole(...rolesFor('/admin/audit')),
];

/** The audit trail for admins (issue 10), under /api/admin/audit. Reading it is audited too. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      onRequest: adminOnly(app),
      config: { auditRead: 'audit_view' },
      schema: {
        summary: 'A page of the audit trail, newest first, filtered (admins only)',
        tags: ['audit'],
        querystring: ZAuditListQuery,
        response: { 200: ZAuditListResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { page, per_page: perPage, ...filters } = request.query;
      const { db } = app.portal.database;
      const resolved = await resolveFilters(db, filters);
      const [total, rows] = await Promise.all([
        countTrail(db, resolved),
        pageTrail(db, resolved, { page, perPage }),
      ]);
      await app.audit(request, {
        action: 'audit_view',
        userId: user.id,
        // The filters as asked; JSON leaves out those not given.
        detail: { ...filters, page, rows: rows.length },
      });
      void reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        rows: rows.map(presentAuditRow),
        current_page: page,
        pages: Math.ceil(total / perPage),
        total,
        per_page: perPage,
      };
    },
  );

  app.get(
    '/admin/audit/export',
    {
      onRequest: adminOnly(app),
      config: { auditRead: 'audit_export' },
      schema: {
        summary: `The filtered audit trail as a CSV attachment, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} rows (admins only)`,
        tags: ['audit'],
        querystring: ZAuditFilters,
        produces: ['text/csv'],
        response: {
          // A stream, so not serialised; the description is what OpenAPI shows.
          200: z.unknown().describe(`CSV with the columns ${AUDIT_CSV_COLUMNS.join(', ')}`),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const filters = request.query;
      const { db } = app.portal.database;
      const resolved = await resolveFilters(db, filters);
      const total = await countTrail(db, resolved);
      if (total > AUDIT_EXPORT_MAX_ROWS) {
        throw new AppError(
          'bad_request',
          `The export is limited to ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows and these filters match ${total.toLocaleString('en-US')}. Narrow the filters, for example the date range.`,
        );
      }
      // Recorded before the first byte: an export that cannot be audited is not sent.
      await app.audit(request, {
        action: 'audit_export',
        userId: user.id,
        detail: { ...filters, rows: total },
      });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName(app.clock())}"`)
        .header('Cache-Control', 'no-store')
        .send(trailCsv(streamTrail(db, resolved, AUDIT_EXPORT_MAX_ROWS)));
    },
  );
};
