import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDataframeSyncBody,
  ZForceSyncBody,
  ZQuerySyncBody,
  ZStartResponse,
} from '@portal/domain/data-sync-api';
import { requireAuth } from '../../../plugins/auth';
import { ERROR_RESPONSES, editors, runners } from '../guards';

const tags = ['data-sync'];

/** Starting runs: a group (force-sync) or one ad-hoc mapping. Each answers with job_id at once. */
export const runRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/force-sync',
    {
      onRequest: runners(app),
      schema: {
        summary:
          'Runs a sync group now: a group job with one child job per mapping. Connection failures are retried as retry_settings says (3 times, 300 s apart by default). 409 while the group is already running.',
        tags,
        body: ZForceSyncBody,
        response: { 200: ZStartResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { group_id: groupId, retry_settings: retry } = request.body;
      const { jobId } = await app.dataSync.runs.startGroupRun(groupId, {
        triggeredBy: user.email,
        retry: { maxRetries: retry.max_retries, delayMs: Math.round(retry.retry_delay * 1000) },
      });
      await app.audit(request, {
        action: 'sync_start',
        userId: user.id,
        detail: { group_id: groupId, job_id: jobId, retry_settings: retry },
      });
      return { success: true as const, job_id: jobId };
    },
  );

  app.post(
    '/snowpark/enhanced-dataframe-operations',
    {
      onRequest: editors(app),
      schema: {
        summary:
          'Runs one ad-hoc dataframe mapping (operations on warehouse tables) into a portal table',
        tags,
        body: ZDataframeSyncBody,
        response: { 200: ZStartResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { operations, mysql_table: table, truncate_first: truncateFirst } = request.body;
      const { jobId, mapping } = await app.dataSync.runs.startMappingRun(
        {
          type: 'snowpark_dataframe',
          operations,
          mysql_table: table,
          truncate_first: truncateFirst,
        },
        { triggeredBy: user.email },
      );
      await app.audit(request, {
        action: 'sync_start',
        userId: user.id,
        detail: { type: mapping.type, mysql_table: mapping.mysql_table, job_id: jobId },
      });
      return { success: true as const, job_id: jobId };
    },
  );

  app.post(
    '/snowpark/sync-query',
    {
      onRequest: editors(app),
      schema: {
        summary: 'Runs one ad-hoc warehouse query into a portal table (replace, upsert or append)',
        tags,
        body: ZQuerySyncBody,
        response: { 200: ZStartResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const body = request.body;
      const { jobId, mapping } = await app.dataSync.runs.startMappingRun(
        {
          type: 'sql_query',
          query: body.query,
          mysql_table: body.mysql_table,
          truncate_first: body.truncate_first,
          use_upsert: body.use_upsert,
          key_columns: body.key_columns,
        },
        { triggeredBy: user.email },
      );
      await app.audit(request, {
        action: 'sync_start',
        userId: user.id,
        detail: { type: mapping.type, mysql_table: mapping.mysql_table, job_id: jobId },
      });
      return { success: true as const, job_id: jobId };
    },
  );
};
