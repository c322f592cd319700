import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReorderQuery, ZReorderResponse, dayOf } from '@portal/domain/analytics';
import { requireAuth } from '../../../plugins/auth';
import { presentPatterns, reorderFigures } from '../reorder';
import { periodOf } from '../service';
import {
  adminOnly,
  analyticsErrors,
  freshness,
  reorderMemoKey,
  type TAnalyticsRouteOptions,
} from './shared';

/**
 * GET /api/analytics/reorder-patterns?days=180&min_orders=2&limit=20&offset=0: one page of the
 * list, most urgent first; names patients, so audited with the keys of that page.
 */
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
      const { days, min_orders: minOrders, limit, offset } = request.query;
      const { db } = app.portal.database;
      const now = app.clock();
      const { range, head } = periodOf(now, days);
      const { version, lastSyncedAt } = await freshness(app);
      // One computation per period serves every page of it and the export.
      const { tracked, summary, category_patterns } = await memo.get(
        version,
        reorderMemoKey(range, minOrders),
        () => reorderFigures(db, { range, today: dayOf(now), minOrders }),
      );
      const patterns = await presentPatterns(db, tracked.slice(offset, offset + limit));
      await app.audit(request, {
        action: 'analytics_reorder_view',
        userId: user.id,
        detail: {
          days,
          min_orders: minOrders,
          ...(offset > 0 ? { offset } : {}),
          patient_keys: patterns.map((pattern) => pattern.patient_key),
        },
      });
      return {
        ...head,
        min_orders: minOrders,
        last_synced_at: lastSyncedAt,
        summary,
        reorder_patterns: patterns,
        category_patterns,
      };
    },
  );
};
