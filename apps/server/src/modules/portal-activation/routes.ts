import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACTIVATION_TEMPLATE_COLUMNS,
  ZActivationResponse,
  ZBulkActivationBody,
  ZPatientsWithoutPortalQuery,
  ZPatientsWithoutPortalResponse,
  ZPayorsResponse,
  type TActivationResults,
} from '@portal/domain/portal-activation-api';
import { ZDeliveryQuery, type TAccessDelivery } from '@portal/domain/first-access';
import { rolesFor } from '@portal/domain/routes';
import { readCsvUpload, registerCsvMultipart, sendCsv } from '../../lib/csv-upload';
import { requireAuth, requireRole } from '../../plugins/auth';
import { ZErrorBody } from '../../plugins/errors';
import { countWithoutPortal, listPayors, pageWithoutPortal } from './repository';
import { activatePatients, candidatesFromCsv, candidatesFromKeys } from './service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** Patient Portal Activation (staff-tools.md section 7, Admin), under /api. */
export const portalActivationRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerCsvMultipart(app);
  const guard = [app.authenticate, requireRole(...rolesFor('/admin/patient-portal-activation'))];
  const { db } = app.portal.database;

  /** Activates the candidates, auditing each new login under its patient key. */
  const activate = async (
    request: FastifyRequest,
    via: 'csv' | 'selection',
    pick: (failed: TActivationResults['failed']) => ReturnType<typeof candidatesFromKeys>,
    options: { total: number; delivery: TAccessDelivery },
  ): Promise<TActivationResults> => {
    const { user } = requireAuth(request);
    const { delivery } = options;
    const failed: TActivationResults['failed'] = [];
    const candidates = await pick(failed);
    const results = await activatePatients(db, candidates, {
      failed,
      now: app.clock,
      delivery,
      days: app.portal.config.temporaryPasswordDays,
      appOrigin: app.portal.config.appOrigin,
      onActivated: (patientKey, userId) =>
        app.audit(request, {
          action: 'portal_activation',
          userId: user.id,
          patientKey,
          detail: { via, created_user_id: userId, delivery },
        }),
    });
    if (delivery === 'invitation' && results.successful.length > 0) {
      app.mail.wake();
    }
    return { total: options.total, ...results };
  };

  app.get(
    '/admin/payors',
    {
      onRequest: guard,
      schema: {
        summary: 'Every payor, for the activation filter (admins only)',
        tags: ['admin'],
        response: { 200: ZPayorsResponse, ...errors },
      },
    },
    async () => ({ success: true as const, payors: await listPayors(db) }),
  );

  app.get(
    '/admin/patients-without-portal',
    {
      onRequest: guard,
      config: { auditRead: 'portal_activation_list' },
      schema: {
        summary:
          'A page of patients no login is tied to, by name, email or ID and payor (admins only)',
        tags: ['admin'],
        querystring: ZPatientsWithoutPortalQuery,
        response: { 200: ZPatientsWithoutPortalResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const { limit, offset, search, payor_key: payorKey } = request.query;
      const filter = { search, payorKey };
      const [total, rows] = await Promise.all([
        countWithoutPortal(db, filter),
        pageWithoutPortal(db, { ...filter, limit, offset }),
      ]);
      await app.audit(request, {
        action: 'portal_activation_list',
        userId: user.id,
        detail: {
          search,
          payor_key: payorKey,
          offset,
          patient_keys: rows.map((row) => row.patient_key),
        },
      });
      void reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        patients: rows.map((row) => ({
          patient_key: row.patient_key,
          patient_id: row.patient_id,
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          phone: row.phone,
          primary_payor: row.primary_payor,
        })),
        total_count: total,
      };
    },
  );

  app.get(
    '/admin/patient-portal-activation-template',
    {
      onRequest: guard,
      schema: {
        summary:
          'The activation CSV template: email required; patient_id and payor_key optional, checked against the patient (admins only)',
        tags: ['admin'],
        produces: ['text/csv'],
        response: {
          200: z
            .string()
            .describe(`CSV with the columns ${ACTIVATION_TEMPLATE_COLUMNS.join(', ')}`),
          ...errors,
        },
      },
    },
    async (_request, reply) =>
      sendCsv(reply, 'patient_portal_activation_template.csv', [
        [...ACTIVATION_TEMPLATE_COLUMNS],
        ['patient@example.com', 'P12345', 'PAYOR-KEY'],
      ]),
  );

  app.post(
    '/admin/activate-patient-portal-csv',
    {
      onRequest: guard,
      schema: {
        summary:
          'Activates the patients a CSV names by email (multipart field "file", at most 2 MB and 5,000 rows) with temporary passwords, or with invitation emails (delivery=invitation); each row succeeds or fails on its own (admins only)',
        tags: ['admin'],
        consumes: ['multipart/form-data'],
        querystring: ZDeliveryQuery,
        response: { 200: ZActivationResponse, ...errors, 413: ZErrorBody },
      },
    },
    async (request, reply) => {
      const rows = await readCsvUpload(request, 'email');
      const results = await activate(
        request,
        'csv',
        (failed) => candidatesFromCsv(db, rows, failed),
        { total: rows.length, delivery: request.query.delivery },
      );
      void reply.header('Cache-Control', 'no-store');
      return { success: true as const, results };
    },
  );

  app.post(
    '/admin/activate-patient-portal-bulk',
    {
      onRequest: guard,
      schema: {
        summary: 'Activates the selected patients; each succeeds or fails on its own (admins only)',
        tags: ['admin'],
        body: ZBulkActivationBody,
        response: { 200: ZActivationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const keys = request.body.patient_keys;
      const results = await activate(
        request,
        'selection',
        (failed) => candidatesFromKeys(db, keys, failed),
        { total: keys.length, delivery: request.body.delivery },
      );
      void reply.header('Cache-Control', 'no-store');
      return { success: true as const, results };
    },
  );
};
