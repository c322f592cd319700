import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { PERMISSIONS_BY_ROLE, isRole } from '@portal/domain/roles';
import { rolesFor } from '@portal/domain/routes';
import { requireAuth, requireRole } from '../../plugins/auth';
import { AppError, ZErrorBody } from '../../plugins/errors';

/** The permission that starts, schedules and edits syncs (roles.ts). */
export const RUN_SYNC = 'run_sync';

const requirePermission =
  (permission: string): onRequestAsyncHookHandler =>
  async (request) => {
    const { user } = requireAuth(request);
    const permissions = isRole(user.role) ? PERMISSIONS_BY_ROLE[user.role] : [];
    if (!permissions.includes(permission)) {
      throw new AppError('forbidden', "You don't have permission to run or change data syncs.");
    }
  };

/** Reading the console: the roles of the /data-sync route (admin, case_manager). */
export const readers = (app: FastifyInstance) => [
  app.authenticate,
  requireRole(...rolesFor('/data-sync')),
];

/** Starting, scheduling and editing: the route's roles and the run_sync permission too. */
export const runners = (app: FastifyInstance) => [...readers(app), requirePermission(RUN_SYNC)];

/** Whether a signed-in user holds run_sync. */
export const canRunSync = (role: string) =>
  isRole(role) && PERMISSIONS_BY_ROLE[role].includes(RUN_SYNC);

/** The error answers every console route may give. */
export const ERROR_RESPONSES = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
} as const;
