import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZFavoriteToggleInput,
  ZFavoriteToggleResponse,
  ZFavoritesQuery,
  ZFavoritesResponse,
} from '@portal/domain/patients-api';
import { STATUS_MESSAGES } from '@portal/domain/messages';
import { requireAuth } from '../../../plugins/auth';
import { AppError, ZErrorBody } from '../../../plugins/errors';
import { listFavoriteKeys, toggleFavorite } from '../other-repository';
import { findPatient } from '../repository';
import { requireVisiblePatient } from '../scope';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** A user_id from the client is only ever the caller's own: favourites are per user. */
const assertOwnUser = (userId: number | undefined, ownId: number) => {
  if (userId !== undefined && userId !== ownId) {
    throw new AppError('forbidden', STATUS_MESSAGES[403] ?? 'Forbidden');
  }
};

export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/patients/favorites',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'favorite_list' },
      schema: {
        summary: "The signed-in user's favourite patients (patient_key values)",
        tags: ['patients'],
        querystring: ZFavoritesQuery,
        response: { 200: ZFavoritesResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      assertOwnUser(request.query.user_id, user.id);
      const favorites = await listFavoriteKeys(app.portal.database.db, user.id);
      // The keys say which patients this user follows: a read like a list's.
      await app.audit(request, {
        action: 'favorite_list',
        userId: user.id,
        detail: { patient_keys: favorites },
      });
      return { success: true as const, favorites };
    },
  );

  app.post(
    '/patients/favorites',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'favorite_toggle' },
      schema: {
        summary: 'Marks or unmarks a patient as a favourite of the signed-in user',
        tags: ['patients'],
        body: ZFavoriteToggleInput,
        response: { 200: ZFavoriteToggleResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { patient_key: patientKey, user_id: userId } = request.body;
      assertOwnUser(userId, user.id);
      const { db } = app.portal.database;
      requireVisiblePatient(user, await findPatient(db, patientKey));
      const isFavorite = await toggleFavorite(db, {
        userId: user.id,
        patientKey,
        now: app.clock(),
      });
      await app.audit(request, {
        action: 'favorite_toggle',
        userId: user.id,
        patientKey,
        detail: { is_favorite: isFavorite },
      });
      return { success: true as const, is_favorite: isFavorite };
    },
  );
};
