import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIntegrityQuery, ZIntegrityResponse } from '@portal/domain/data-sync-api';
import { AppError } from '../../../plugins/errors';
import { findGroup } from '../../../sync/groups';
import { openLoader } from '../../../sync/load/index';
import { openConfiguredWarehouse } from '../../../sync/warehouse/index';
import { ERROR_RESPONSES, readers } from '../guards';
import { checkIntegrity } from '../integrity';

/** GET /data-integrity?group_id=: each table of a group compared with the warehouse, now. */
export const integrityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/data-integrity',
    {
      onRequest: readers(app),
      schema: {
        summary:
          'Per table of the group: warehouse count, portal count, whether the content checksums match, and the last completed sync. Computed at the time of the request.',
        tags: ['data-sync'],
        querystring: ZIntegrityQuery,
        response: { 200: ZIntegrityResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { db } = app.portal.database;
      const group = await findGroup(db, request.query.group_id);
      if (!group) {
        throw new AppError('not_found', `Sync group "${request.query.group_id}" not found`);
      }
      return checkIntegrity({
        db,
        group,
        now: app.clock(),
        open: async () => {
          const warehouse = await openConfiguredWarehouse(app.portal.config).catch(
            (error: unknown) => {
              throw new Error(
                `Warehouse connection failed: ${error instanceof Error ? error.message : String(error)}`,
              );
            },
          );
          try {
            const loader = await openLoader(app.portal.config.databaseUrl);
            return {
              warehouse,
              loader,
              close: async () => {
                await loader.close();
                await warehouse.close();
              },
            };
          } catch (error) {
            await warehouse.close();
            throw error;
          }
        },
      });
    },
  );
};
