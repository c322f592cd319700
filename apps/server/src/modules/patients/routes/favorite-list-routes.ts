import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFavoritePatientsQuery, ZKey, ZPatientListResponse } from '@portal/domain/patients-api';
import { requireAuth } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { listKeyedPatients } from '../keyed-page-sql';
import { pageInfo, presentPatientSummary } from '../presenters';
import { enabledClassifications } from '../repository';
import { assertPayorListAccess } from '../scope';

/**
 * Show Favorites across pages (issue 30): the signed-in user's favourite patients of the
 * payor, sorted by name and paged on the server like the patient list, with their order
 * counts (docs/decisions.md, "Favourites across pages").
 */
export const favoriteListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patients/payor/:payor_key/favorites',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'patient_list' },
      schema: {
        summary: "A page of the user's favourite patients of a payor, with their order counts",
        tags: ['patients'],
        params: z.object({ payor_key: ZKey }),
        querystring: ZFavoritePatientsQuery,
        response: { 200: ZPatientListResponse, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { payor_key: payorKey } = request.params;
      assertPayorListAccess(user, payorKey);
      const { page, per_page: perPage } = request.query;
      const { db, dialect } = app.portal.database;
      const { rows, total } = await listKeyedPatients(db, {
        dialect,
        kind: 'favorites',
        payorKey,
        userId: user.id,
        page,
        perPage,
        classifications: await enabledClassifications(db, user.id),
      });
      await app.audit(request, {
        action: 'patient_list',
        userId: user.id,
        detail: {
          payor_key: payorKey,
          favorites: true,
          page,
          patient_keys: rows.map((row) => row.patient_key),
        },
      });
      const pagination = pageInfo({ page, perPage, total });
      return {
        success: true as const,
        message: total === 0 ? 'No favorite patients found' : 'Patients retrieved successfully',
        patients: rows.map((row) => presentPatientSummary(row, row)),
        ...pagination,
        pagination,
      };
    },
  );
};
