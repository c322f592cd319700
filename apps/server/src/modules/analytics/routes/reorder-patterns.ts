import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReorderQuery, ZReorderResponse, dayOf } from '@portal/domain/analytics';
import { requireAuth } from '../../../plugins/auth';
import { reorderPatterns } from '../reorder';
import { periodOf } from '../service';
import { adminOnly, analyticsErrors, freshness, type TAnalyticsRouteOptions } from './shared';

/** GET /api/analytics/reorder-patterns?days=180&min_orders=2: names patients, so audited. */
export const reorderPatternsRoute: FastifyPluginAsyncZod<TAnalyticsRouteOptions> = async (
  app,
  { memo },
) => {
  app.get(
    '/analytics/reorder-patterns',
    {
      onRequest: adminOnly(app),
      config: { auditRead: 'analytics_reorder_view' },
      schema: {
        summary:
          'Patients reorder cycles and predicted next orders over the last N days (admins only)',
        tags: ['analytics'],
        querystring: ZReorderQuery,
        response: { 200: ZReorderResponse, ...analyticsErrors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { days, min_orders: minOrders, limit } = request.query;
      const now = app.clock();
      const { range, head } = periodOf(now, days);
      const { version, lastSyncedAt } = await freshness(app);
      const figures = await memo.get(
        version,
        `reorder|${range.from}|${range.to}|${minOrders}|${limit}`,
        () =>
          reorderPatterns(app.portal.database.db, {
            range,
            today: dayOf(now),
            minOrders,
            limit,
          }),
      );
      await app.audit(request, {
        action: 'analytics_reorder_view',
        userId: user.id,
        detail: {
          days,
          min_orders: minOrders,
          patient_keys: figures.reorder_patterns.map((pattern) => pattern.patient_key),
        },
      });
      return { ...head, min_orders: minOrders, last_synced_at: lastSyncedAt, ...figures };
    },
  );
};
