import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { datedCsvName } from '@portal/domain/csv-cells';
import { ZKey } from '@portal/domain/patients-api';
import { rolesFor } from '@portal/domain/routes';
import {
  WORKLIST_CSV_HEADERS,
  WORKLIST_EXPORT_LIMIT,
  ZWorklistExportQuery,
  ZWorklistQuery,
  ZWorklistResponse,
} from '@portal/domain/worklist-api';
import { requireAuth, requireRole } from '../../plugins/auth';
import { AppError, ZErrorBody } from '../../plugins/errors';
import { pageInfo } from '../patients/presenters';
import { assertPayorListAccess } from '../patients/scope';
import { countRows, countViews, listAll, listPage } from './repository';
import { auditedFilters, patientKeysOf, presentRow, resolveFilter, worklistCsv } from './service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const params = z.object({ payor_key: ZKey });

/** Patient keys per audit row of an export: the trail's detail is a TEXT (64 KB on MariaDB). */
const KEYS_PER_AUDIT_ROW = 500;

/**
 * The worklist (issue 30, beyond the spec: docs/decisions.md, "Worklist"): every order of
 * a payor's patients, under /api. Staff see their own payor, admins any; the user's enabled
 * classifications narrow it as they narrow the dashboard. Every read is audited with the
 * patients it shows; a refused one too (config.auditRead).
 */
export const worklistRoutes: FastifyPluginAsyncZod<{ exportLimit?: number }> = async (
  app,
  { exportLimit = WORKLIST_EXPORT_LIMIT },
) => {
  const guard = [app.authenticate, requireRole(...rolesFor('/worklist'))];

  app.get(
    '/worklist/payor/:payor_key/orders',
    {
      onRequest: guard,
      config: { auditRead: 'worklist_list' },
      schema: {
        summary:
          "A page of the orders of a payor's patients, one view's, filtered, sorted, with each view's count",
        tags: ['worklist'],
        params,
        querystring: ZWorklistQuery,
        response: { 200: ZWorklistResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { payor_key: payorKey } = request.params;
      assertPayorListAccess(user, payorKey);
      const { page, per_page: perPage, ...filters } = request.query;
      const { db } = app.portal.database;
      const now = app.clock();
      const { filter, order } = await resolveFilter(db, {
        payorKey,
        userId: user.id,
        filters,
        now,
      });
      const viewCounts = await countViews(db, filter);
      const total = await countRows(db, filter, viewCounts);
      const rows = await listPage(db, filter, { ...order, page, perPage, total });
      await app.audit(request, {
        action: 'worklist_list',
        userId: user.id,
        detail: {
          ...auditedFilters(payorKey, filters),
          page,
          per_page: perPage,
          patient_keys: patientKeysOf(rows),
        },
      });
      return {
        success: true as const,
        orders: rows.map((row) => presentRow(row, now)),
        view_counts: viewCounts,
        ...pageInfo({ page, perPage, total }),
      };
    },
  );

  app.get(
    '/worklist/payor/:payor_key/orders.csv',
    {
      onRequest: guard,
      config: { auditRead: 'worklist_export' },
      schema: {
        summary: `The filtered worklist as a CSV attachment, at most ${WORKLIST_EXPORT_LIMIT} rows`,
        tags: ['worklist'],
        params,
        querystring: ZWorklistExportQuery,
        produces: ['text/csv'],
        response: {
          // Text, not serialised; the description is what OpenAPI shows.
          200: z.unknown().describe(`CSV with the columns ${WORKLIST_CSV_HEADERS.join(', ')}`),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { payor_key: payorKey } = request.params;
      assertPayorListAccess(user, payorKey);
      const filters = request.query;
      const { db } = app.portal.database;
      const now = app.clock();
      const { filter, order } = await resolveFilter(db, {
        payorKey,
        userId: user.id,
        filters,
        now,
      });
      const total = await countRows(db, filter, await countViews(db, filter));
      if (total > exportLimit) {
        throw new AppError(
          'bad_request',
          `The export is limited to ${exportLimit.toLocaleString('en-US')} orders and these filters match ${total.toLocaleString('en-US')}. Narrow the filters, for example by view, category or search.`,
        );
      }
      const rows = await listAll(db, filter, { ...order, limit: exportLimit });
      const patientKeys = patientKeysOf(rows);
      const parts = Math.max(1, Math.ceil(patientKeys.length / KEYS_PER_AUDIT_ROW));
      // Recorded before the first byte: an export that cannot be audited is not sent.
      for (let part = 0; part < parts; part += 1) {
        await app.audit(request, {
          action: 'worklist_export',
          userId: user.id,
          detail: {
            ...auditedFilters(payorKey, filters),
            rows: rows.length,
            ...(parts > 1 ? { part: part + 1, parts } : {}),
            patient_keys: patientKeys.slice(
              part * KEYS_PER_AUDIT_ROW,
              (part + 1) * KEYS_PER_AUDIT_ROW,
            ),
          },
        });
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${datedCsvName('worklist', new Date(now))}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(worklistCsv(rows.map((row) => presentRow(row, now))));
    },
  );
};
