import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZClassificationToggleResponse,
  ZClassificationsResponse,
  ZKey,
  ZPreferencesResponse,
  ZPreferencesUpdate,
  ZPreferencesUpdateResponse,
} from '@portal/domain/patients-api';
import { requireAuth } from '../../plugins/auth';
import { AppError, ZErrorBody } from '../../plugins/errors';
import {
  existingClassificationKeys,
  listClassifications,
  readPreferences,
  replacePreferenceValues,
  toggleClassification,
} from './repository';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Order classifications (categories) and each user's choice of them, under /api. */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/so-classifications',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Every order classification (category)',
        tags: ['preferences'],
        response: { 200: ZClassificationsResponse, ...errors },
      },
    },
    async () => {
      const rows = await listClassifications(app.portal.database.db);
      return {
        success: true as const,
        classifications: rows.map((row) => ({
          id: row.so_classification_key,
          key: row.so_classification_key,
          name: row.name,
          description: row.description,
        })),
      };
    },
  );

  app.get(
    '/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The signed-in user's preferences",
        tags: ['preferences'],
        response: { 200: ZPreferencesResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return {
        success: true as const,
        preferences: await readPreferences(app.portal.database.db, user.id),
      };
    },
  );

  app.put(
    '/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Replaces the preference fields sent; the others stay as they were',
        tags: ['preferences'],
        body: ZPreferencesUpdate,
        response: { 200: ZPreferencesUpdateResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { db } = app.portal.database;
      const { so_classifications: classifications, order_categories: categories } = request.body;
      if (classifications) {
        const known = await existingClassificationKeys(db, classifications);
        const unknown = classifications.filter((key) => !known.has(key));
        if (unknown.length > 0) {
          throw new AppError('bad_request', `Unknown order category: ${unknown.join(', ')}`);
        }
      }
      const now = app.clock();
      await db.transaction().execute(async (trx) => {
        if (classifications) {
          await replacePreferenceValues(trx, {
            userId: user.id,
            kind: 'so_classification',
            values: classifications,
            now,
          });
        }
        if (categories) {
          await replacePreferenceValues(trx, {
            userId: user.id,
            kind: 'order_category',
            values: categories,
            now,
          });
        }
      });
      return {
        success: true as const,
        message: 'Preferences updated successfully',
        preferences: await readPreferences(db, user.id),
      };
    },
  );

  app.post(
    '/preferences/so-classifications/:key/toggle',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Turns one order classification filter on or off for the signed-in user',
        tags: ['preferences'],
        params: z.object({ key: ZKey }),
        response: { 200: ZClassificationToggleResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { db } = app.portal.database;
      const { key } = request.params;
      if (!(await existingClassificationKeys(db, [key])).has(key)) {
        throw new AppError('not_found', 'Order category not found');
      }
      const enabled = await toggleClassification(db, { userId: user.id, key, now: app.clock() });
      return {
        success: true as const,
        enabled,
        preferences: await readPreferences(db, user.id),
      };
    },
  );
};
