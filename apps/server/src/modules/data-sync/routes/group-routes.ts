import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMappingsResponse,
  ZSaveGroupBody,
  ZSaveGroupResponse,
  ZSyncGroupsResponse,
} from '@portal/domain/data-sync-api';
import { validateMapping, type TMapping } from '@portal/domain/sync-mapping';
import { ZLine } from '@portal/domain/text';
import { requireAuth } from '../../../plugins/auth';
import { AppError } from '../../../plugins/errors';
import { findGroup, listGroups } from '../../../sync/groups';
import { getJob } from '../../../sync/jobs';
import { ERROR_RESPONSES, editors, isAdmin, readers } from '../guards';
import { presentJob } from '../presenters';
import { jobContextOf, lastJobPerGroup, runningJobOf, saveGroup } from '../repository';
import { checkMappingsSql } from '../runs';

const tags = ['data-sync'];

/** Every mapping checked as a sync start checks it; the first problem, with its place. */
const validMappings = (mappings: readonly unknown[]): TMapping[] =>
  mappings.map((input, index) => {
    const result = validateMapping(input);
    if (!result.ok) {
      const table = (input as { mysql_table?: unknown } | null)?.mysql_table;
      const name = typeof table === 'string' && table.trim() !== '' ? ` (${table.trim()})` : '';
      throw new AppError('bad_request', `Mapping ${index + 1}${name}: ${result.errors[0]}`);
    }
    return result.mapping;
  });

/** Sync groups and their mappings: GET/POST /sync-groups, DELETE /sync-groups/:id, GET /mappings. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.portal.database;

  app.get(
    '/sync-groups',
    {
      onRequest: readers(app),
      schema: {
        summary:
          'Every sync group with its mappings and its newest run (last_job, running or ended), default groups first',
        tags,
        response: { 200: ZSyncGroupsResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const viewer = { admin: isAdmin(requireAuth(request).user.role) };
      const [groups, runs] = await Promise.all([listGroups(db), lastJobPerGroup(db)]);
      const context = await jobContextOf(db, runs);
      const lastOf = new Map(runs.map((run) => [run.group_id, presentJob(run, viewer, context)]));
      return {
        success: true as const,
        groups: groups.map((group) => ({ ...group, last_job: lastOf.get(group.id) ?? null })),
      };
    },
  );

  app.post(
    '/sync-groups',
    {
      onRequest: editors(app),
      schema: {
        summary:
          "Creates or updates a group; every mapping is validated with the spec's messages. Default groups keep their name.",
        tags,
        body: ZSaveGroupBody,
        response: { 200: ZSaveGroupResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { group, create } = request.body;
      const taken = () =>
        new AppError('conflict', `A sync group with id "${group.id}" already exists`);
      // New group and Duplicate: refused before anything else, so nothing is overwritten.
      if (create && (await findGroup(db, group.id))) {
        throw taken();
      }
      const mappings = validMappings(group.mappings);
      await checkMappingsSql(
        app.portal,
        mappings,
        (index) => `Mapping ${index + 1} (${mappings[index]!.mysql_table}): `,
      );
      const existing = await findGroup(db, group.id);
      if (create && existing) {
        throw taken();
      }
      if (existing?.isDefault && existing.name !== group.name) {
        throw new AppError('bad_request', 'Default groups cannot be renamed');
      }
      const saved = {
        id: group.id,
        name: group.name,
        description: group.description,
        mappings,
        isDefault: existing?.isDefault ?? false,
      };
      try {
        await saveGroup(db, saved, { now: app.clock(), exists: existing !== undefined });
      } catch (error) {
        // Another request made a group with this id meanwhile: its key refused ours.
        if (existing === undefined && (await findGroup(db, group.id))) {
          throw taken();
        }
        throw error;
      }
      await app.audit(request, {
        action: 'sync_group_save',
        userId: user.id,
        detail: {
          group_id: group.id,
          created: existing === undefined,
          mappings: mappings.map((mapping) => mapping.mysql_table),
        },
      });
      return { success: true as const, group: (await findGroup(db, group.id)) ?? saved };
    },
  );

  app.delete(
    '/sync-groups/:id',
    {
      onRequest: editors(app),
      schema: {
        summary: 'Deletes a group of your own; default groups cannot be deleted',
        tags,
        params: z.object({ id: ZLine().trim().min(1).max(64) }),
        response: { 200: z.object({ success: z.literal(true) }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { id } = request.params;
      const existing = await findGroup(db, id);
      if (!existing) {
        throw new AppError('not_found', `Sync group "${id}" not found`);
      }
      if (existing.isDefault) {
        throw new AppError('bad_request', 'Default groups cannot be deleted');
      }
      const running = await runningJobOf(db, id);
      if (running !== null && (await getJob(db, running))?.status === 'running') {
        throw new AppError('conflict', 'The group is running; delete it once the run has ended');
      }
      const schedules = await db
        .selectFrom('sync_schedules')
        .select('id')
        .where('group_id', '=', id)
        .execute();
      if (schedules.length > 0) {
        throw new AppError(
          'conflict',
          'This group has schedules; delete its schedules before the group',
        );
      }
      const result = await db
        .deleteFrom('sync_groups')
        .where('id', '=', id)
        .where((eb) =>
          running === null ? eb('running_job_id', 'is', null) : eb('running_job_id', '=', running),
        )
        .executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) {
        throw new AppError('conflict', 'The group changed meanwhile; reload and try again');
      }
      await app.audit(request, {
        action: 'sync_group_save',
        userId: user.id,
        detail: { group_id: id, deleted: true },
      });
      return { success: true as const };
    },
  );

  app.get(
    '/mappings',
    {
      onRequest: readers(app),
      schema: {
        summary: 'Every mapping of every group, with the group it belongs to',
        tags,
        response: { 200: ZMappingsResponse, ...ERROR_RESPONSES },
      },
    },
    async () => ({
      success: true as const,
      mappings: (await listGroups(db)).flatMap((group) =>
        group.mappings.map((mapping, index) => ({
          group_id: group.id,
          group_name: group.name,
          index,
          mapping,
        })),
      ),
    }),
  );
};
