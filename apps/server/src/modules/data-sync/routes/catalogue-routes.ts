import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PREVIEW_ROW_LIMIT,
  ZCatalogueResponse,
  ZPreviewBody,
  ZPreviewResponse,
} from '@portal/domain/data-sync-catalogue-api';
import { validateMapping } from '@portal/domain/sync-mapping';
import { requireAuth } from '../../../plugins/auth';
import { AppError, ZErrorBody } from '../../../plugins/errors';
import { destinationTables, warehouseFailure, withWarehouse } from '../catalogue';
import { ERROR_RESPONSES, editors } from '../guards';
import { previewMapping, tablesRead } from '../preview';

const tags = ['data-sync'];

/** 503: the warehouse cannot be reached or refuses the portal's sign-in. */
const RESPONSES = { ...ERROR_RESPONSES, 503: ZErrorBody } as const;

/**
 * What the group editor builds from (issue 31): GET /tables, the warehouse's catalogue
 * and the destinations' columns; POST /table-sample, one mapping's first rows. Admins
 * only: a preview shows warehouse rows of every payor.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dialect } = app.portal.database;
  const { config } = app.portal;

  app.get(
    '/tables',
    {
      onRequest: editors(app),
      schema: {
        summary:
          "The warehouse's tables and views with their columns, and every sync destination with its portal columns and key",
        tags,
        response: { 200: ZCatalogueResponse, ...RESPONSES },
      },
    },
    async () => {
      const [warehouse, destinations] = await Promise.all([
        withWarehouse(config, async (opened) => {
          try {
            return { kind: opened.kind, tables: await opened.catalogue() };
          } catch (error) {
            throw warehouseFailure(error);
          }
        }),
        destinationTables(db, dialect),
      ]);
      return {
        success: true as const,
        warehouse: warehouse.kind,
        tables: warehouse.tables,
        destinations,
      };
    },
  );

  app.post(
    '/table-sample',
    {
      onRequest: editors(app),
      // Warehouse rows of every payor: each preview is audited, refusals too.
      config: { auditRead: 'sync_preview' },
      schema: {
        summary: `One mapping before it is saved: its compiled SQL, its count and its first rows (at most ${PREVIEW_ROW_LIMIT}), with the result columns its destination lacks`,
        tags,
        body: ZPreviewBody,
        response: { 200: ZPreviewResponse, ...RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const validation = validateMapping(request.body.mapping);
      if (!validation.ok) {
        throw new AppError('bad_request', validation.errors[0]);
      }
      const mapping = validation.mapping;
      await app.audit(request, {
        action: 'sync_preview',
        userId: user.id,
        detail: { mysql_table: mapping.mysql_table, type: mapping.type, ...tablesRead(mapping) },
      });
      return withWarehouse(config, (warehouse) =>
        previewMapping({ db, dialect, warehouse, mapping }),
      );
    },
  );
};
