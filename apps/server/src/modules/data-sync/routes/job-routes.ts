import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCancelResponse,
  ZJobLogsQuery,
  ZJobLogsResponse,
  ZJobParams,
  ZJobResponse,
  ZJobsQuery,
  ZJobsResponse,
  ZSamplesQuery,
  ZSamplesResponse,
} from '@portal/domain/data-sync-api';
import {
  destinationRefused,
  isPatientBearing,
  isSyncDestination,
} from '@portal/domain/sync-destinations';
import { requireAuth } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import { childJobs, getJob, getJobLogs } from '../../../sync/jobs';
import { openLoader } from '../../../sync/load/index';
import { openConfiguredWarehouse } from '../../../sync/warehouse/index';
import { requestCancel } from '../cancel';
import { ERROR_RESPONSES, isAdmin, readers, runners } from '../guards';
import { presentJob, presentLogs } from '../presenters';
import { jobContextOf, pageJobs } from '../repository';
import { dataSamples, mappingOfJob } from '../samples';

const tags = ['data-sync'];

const viewerOf = (request: FastifyRequest) => ({ admin: isAdmin(requireAuth(request).user.role) });

/** Job history, one job with its logs and children, its logs alone, and its data samples. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dialect } = app.portal.database;

  const jobOr404 = async (id: string) => {
    const job = await getJob(db, id);
    if (!job) {
      throw new AppError('not_found', `Sync job "${id}" not found`);
    }
    return job;
  };

  app.get(
    '/jobs',
    {
      onRequest: readers(app),
      schema: {
        summary: 'Sync jobs, newest first, paged',
        tags,
        querystring: ZJobsQuery,
        response: { 200: ZJobsResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const { page, per_page: perPage, status, top_level: topLevel } = request.query;
      const { total, rows } = await pageJobs(db, { page, perPage, status, topLevel });
      const context = await jobContextOf(db, rows);
      return {
        success: true as const,
        jobs: rows.map((row) => presentJob(row, viewer, context)),
        current_page: page,
        pages: Math.ceil(total / perPage),
        total,
        per_page: perPage,
      };
    },
  );

  app.get(
    '/jobs/:id',
    {
      onRequest: readers(app),
      schema: {
        summary: 'One job with its logs and, for a group run, its per-mapping jobs',
        tags,
        params: ZJobParams,
        response: { 200: ZJobResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const job = await jobOr404(request.params.id);
      const [logs, children] = await Promise.all([getJobLogs(db, job.id), childJobs(db, job.id)]);
      const context = await jobContextOf(db, [job, ...children]);
      return {
        success: true as const,
        data: {
          ...presentJob(job, viewer, context),
          logs: presentLogs(logs, viewer),
          children: children.map((child) => presentJob(child, viewer, context)),
        },
      };
    },
  );

  app.get(
    '/jobs/:id/logs',
    {
      onRequest: readers(app),
      schema: {
        summary: 'A job log, oldest first, optionally one level (info, warning, error, debug)',
        tags,
        params: ZJobParams,
        querystring: ZJobLogsQuery,
        response: { 200: ZJobLogsResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const job = await jobOr404(request.params.id);
      const { level } = request.query;
      const logs = (await getJobLogs(db, job.id)).filter((log) => !level || log.level === level);
      return { success: true as const, data: { logs: presentLogs(logs, viewerOf(request)) } };
    },
  );

  app.post(
    '/jobs/:id/cancel',
    {
      onRequest: runners(app),
      schema: {
        summary:
          'Cancels a running job (a group run with all its mappings): the warehouse query is interrupted and the load rolled back, in whichever process runs it. 409 when the job is not running.',
        tags,
        params: ZJobParams,
        response: { 200: ZCancelResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const job = await jobOr404(request.params.id);
      // A mapping job of a group run stops with its run.
      const runId = job.parent_id ?? job.id;
      if (!(await requestCancel(db, { jobId: runId, by: user.email, now: app.clock() }))) {
        throw new AppError('conflict', 'This job is not running, or is already being cancelled');
      }
      await app.audit(request, {
        action: 'sync_cancel',
        userId: user.id,
        detail: { job_id: runId },
      });
      return {
        success: true as const,
        message: 'Cancelling: the job stops within a few seconds.',
      };
    },
  );

  app.get(
    '/jobs/:id/samples',
    {
      onRequest: readers(app),
      // Rows of portal tables are patient data: reading them is audited, refusals too.
      config: { auditRead: 'sync_samples_view' },
      schema: {
        summary:
          "A finished mapping job's table: the first 100 rows by key in the warehouse and in the portal, side by side, with both counts",
        tags,
        params: ZJobParams,
        querystring: ZSamplesQuery,
        response: { 200: ZSamplesResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const job = await jobOr404(request.params.id);
      if (job.status === 'running') {
        throw new AppError('bad_request', 'Data samples are available once the job has finished');
      }
      const mapping = await mappingOfJob(db, job);
      if (!mapping) {
        throw new AppError(
          'bad_request',
          'Data samples belong to one table: open the job of one of the group run’s mappings',
        );
      }
      if (!isSyncDestination(mapping.mysql_table)) {
        throw new AppError('bad_request', destinationRefused(mapping.mysql_table));
      }
      // Samples are not scoped by payor: a patient table's show every payor's patients.
      if (isPatientBearing(mapping.mysql_table) && !isAdmin(user.role)) {
        throw new AppError(
          'forbidden',
          `Data samples of ${mapping.mysql_table} hold patients of every payor; only an administrator can view them.`,
        );
      }
      const search = request.query.search;
      await app.audit(request, {
        action: 'sync_samples_view',
        userId: user.id,
        detail: { job_id: job.id, mysql_table: mapping.mysql_table, search: search ?? null },
      });
      const warehouse = await openConfiguredWarehouse(app.portal.config).catch((error: unknown) => {
        throw new AppError(
          'unavailable',
          `Warehouse connection failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      const loader = await openLoader(app.portal.config.databaseUrl);
      try {
        const data = await dataSamples({ db, dialect, warehouse, loader, job, mapping, search });
        return { success: true as const, data };
      } finally {
        await loader.close();
        await warehouse.close();
      }
    },
  );
};
