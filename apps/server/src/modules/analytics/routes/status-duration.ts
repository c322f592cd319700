import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStatusDurationQuery, ZStatusDurationResponse } from '@portal/domain/analytics';
import { periodOf, statusDurationPanel } from '../service';
import {
  adminOnly,
  analyticsErrors,
  freshness,
  statusMemoKey,
  type TAnalyticsRouteOptions,
} from './shared';

/** GET /api/analytics/status-duration?days=90: average days per status for the panel. */
export const statusDurationRoute: FastifyPluginAsyncZod<TAnalyticsRouteOptions> = async (
  app,
  { memo },
) => {
  app.get(
    '/analytics/status-duration',
    {
      onRequest: adminOnly(app),
      schema: {
        summary:
          'Average days orders created in the last N days spent in each status (admins only)',
        tags: ['analytics'],
        querystring: ZStatusDurationQuery,
        response: { 200: ZStatusDurationResponse, ...analyticsErrors },
      },
    },
    async (request) => {
      const { range, head } = periodOf(app.clock(), request.query.days);
      const { version, lastSyncedAt } = await freshness(app);
      const figures = await memo.get(version, statusMemoKey(range), () =>
        statusDurationPanel(app.portal.database.db, range),
      );
      return { ...head, last_synced_at: lastSyncedAt, ...figures };
    },
  );
};
