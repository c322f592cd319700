import type { FastifyPluginAsync } from 'fastify';
import { createVersionMemo } from '../../lib/version-memo';
import { processingTimeRoute } from './routes/processing-time';
import { reorderExportRoute } from './routes/reorder-export';
import { reorderPatternsRoute } from './routes/reorder-patterns';
import { statusDurationRoute } from './routes/status-duration';

/** The analytics calls (issue 15) under /api/analytics, sharing one memo per process. */
export const analyticsModule: FastifyPluginAsync = async (app) => {
  const memo = createVersionMemo();
  await app.register(processingTimeRoute, { prefix: '/api', memo });
  await app.register(reorderPatternsRoute, { prefix: '/api', memo });
  await app.register(reorderExportRoute, { prefix: '/api', memo });
  await app.register(statusDurationRoute, { prefix: '/api', memo });
};
