import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProcessingTimeQuery, ZProcessingTimeResponse } from '@portal/domain/analytics';
import { periodOf, processingTime } from '../service';
import {
  adminOnly,
  analyticsErrors,
  freshness,
  processingMemoKey,
  type TAnalyticsRouteOptions,
} from './shared';

/** GET /api/analytics/processing-time?days=: per status and per category, orders created in the period. */
export const processingTimeRoute: FastifyPluginAsyncZod<TAnalyticsRouteOptions> = async (
  app,
  { memo },
) => {
  app.get(
    '/analytics/processing-time',
    {
      onRequest: adminOnly(app),
      schema: {
        summary: 'Order processing time by status and category for the last N days (admins only)',
        tags: ['analytics'],
        querystring: ZProcessingTimeQuery,
        response: { 200: ZProcessingTimeResponse, ...analyticsErrors },
      },
    },
    async (request) => {
      const { range, head } = periodOf(app.clock(), request.query.days);
      const { version, lastSyncedAt } = await freshness(app);
      const figures = await memo.get(version, processingMemoKey(range), () =>
        processingTime(app.portal.database.db, range),
      );
      return { ...head, last_synced_at: lastSyncedAt, ...figures };
    },
  );
};
