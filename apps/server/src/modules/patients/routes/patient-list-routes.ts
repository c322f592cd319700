import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZKey, ZPatientListQuery, ZPatientListResponse } from '@portal/domain/patients-api';
import { requireAuth } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { pageInfo, presentPatientSummary } from '../presenters';
import { createPatientListMemo } from '../list-memo';
import { assertPayorListAccess } from '../scope';

export const patientListRoutes: FastifyPluginAsyncZod = async (app) => {
  const patientList = createPatientListMemo(app.portal.database);
  app.get(
    '/patients/payor/:payor_key/patients',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'patient_list' },
      schema: {
        summary:
          "A page of a payor's patients with their order counts, searchable by name, patient ID, date of birth, phone, SO or tracking number",
        tags: ['patients'],
        params: z.object({ payor_key: ZKey }),
        querystring: ZPatientListQuery,
        response: { 200: ZPatientListResponse, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { payor_key: payorKey } = request.params;
      assertPayorListAccess(user, payorKey);
      const { page, per_page: perPage } = request.query;
      const search = (request.query.search ?? '').trim();
      const { dialect } = app.portal.database;
      const query = { dialect, payorKey, search };
      const { rows, total, orderHit } = await patientList.read({
        ...query,
        page,
        perPage,
        userId: user.id,
      });
      const patientKeys = rows.map((row) => row.patient_key);
      await app.audit(request, {
        action: 'patient_list',
        userId: user.id,
        detail: {
          payor_key: payorKey,
          search,
          page,
          patient_keys: patientKeys,
          ...(orderHit ? { order_id: orderHit.order_id } : {}),
        },
      });
      const pagination = pageInfo({ page, perPage, total });
      return {
        success: true as const,
        message: total === 0 ? 'No patients found' : 'Patients retrieved successfully',
        patients: rows.map((row) => presentPatientSummary(row, row)),
        ...pagination,
        pagination,
        ...(orderHit ? { order_hit: orderHit } : {}),
      };
    },
  );
};
