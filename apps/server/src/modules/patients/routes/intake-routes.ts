import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIntakeListQuery, ZIntakeListResponse, ZKey } from '@portal/domain/patients-api';
import { rolesFor } from '@portal/domain/routes';
import { requireAuth, requireRole } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { countIntakePatients, listIntakePatients } from '../other-repository';
import { pageInfo } from '../presenters';
import { assertPayorListAccess } from '../scope';

const errors = { 401: ZErrorBody, 403: ZErrorBody };

export const intakeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patients/payor/:payor_key/intake-patients',
    {
      onRequest: [app.authenticate, requireRole(...rolesFor('/intake'))],
      config: { auditRead: 'intake_list' },
      schema: {
        summary: "A page of a payor's intake patients, searchable",
        tags: ['patients'],
        params: z.object({ payor_key: ZKey }),
        querystring: ZIntakeListQuery,
        response: { 200: ZIntakeListResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { payor_key: payorKey } = request.params;
      assertPayorListAccess(user, payorKey);
      const { page, per_page: perPage } = request.query;
      const search = (request.query.search ?? '').trim();
      const { db, dialect } = app.portal.database;
      const query = { dialect, payorKey, search };
      const [total, patients] = await Promise.all([
        countIntakePatients(db, query),
        listIntakePatients(db, { ...query, page, perPage }),
      ]);
      await app.audit(request, {
        action: 'intake_list',
        userId: user.id,
        detail: {
          payor_key: payorKey,
          search,
          page,
          patient_keys: patients.map((patient) => patient.patient_key),
        },
      });
      return { success: true as const, patients, ...pageInfo({ page, perPage, total }) };
    },
  );
};
