import type { FastifyPluginAsync } from 'fastify';
import { createVersionMemo } from '../../lib/version-memo';
import { createAnswerWarmer } from './warm';
import { processingTimeRoute } from './routes/processing-time';
import { reorderExportRoute } from './routes/reorder-export';
import { reorderPatternsRoute } from './routes/reorder-patterns';
import { statusDurationRoute } from './routes/status-duration';

/** The analytics calls (issue 15) under /api/analytics, sharing one memo per process. */
export const analyticsModule: FastifyPluginAsync = async (app) => {
  const memo = createVersionMemo();
  const warmer = createAnswerWarmer({
    db: app.portal.database.db,
    memo,
    clock: () => app.clock(),
  });
  let timer: NodeJS.Timeout | undefined;
  const warm = () => {
    warmer.tick().catch((error: unknown) => {
      app.log.warn({ err: error }, 'preparing the analytics answers failed; next check soon');
    });
  };
  app.addHook('onReady', async () => {
    if (app.portal.config.analyticsWarmMs > 0) {
      timer = setInterval(warm, app.portal.config.analyticsWarmMs);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await warmer.idle();
  });
  await app.register(processingTimeRoute, { prefix: '/api', memo });
  await app.register(reorderPatternsRoute, { prefix: '/api', memo });
  await app.register(reorderExportRoute, { prefix: '/api', memo });
  await app.register(statusDurationRoute, { prefix: '/api', memo });
};
