import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { EDIT_SYNC_MAPPINGS, PERMISSIONS_BY_ROLE, isRole } from '@portal/domain/roles';
import { rolesFor } from '@portal/domain/routes';
import { requireAuth, requireRole } from '../../plugins/auth';
import { AppError, ZErrorBody } from '../../plugins/errors';

/** The permission that starts, schedules and edits syncs (roles.ts). */
export const RUN_SYNC = 'run_sync';

/** Whether a role holds a permission (roles.ts). */
export const holds = (role: string, permission: string) =>
  isRole(role) && PERMISSIONS_BY_ROLE[role].includes(permission);

const requirePermission =
  (permission: string, refusal: string): onRequestAsyncHookHandler =>
  async (request) => {
    const { user } = requireAuth(request);
    if (!holds(user.role, permission)) {
      throw new AppError('forbidden', refusal);
    }
  };

/** Reading the console: the roles of the /data-sync route (admin, case_manager). */
export const readers = (app: FastifyInstance) => [
  app.authenticate,
  requireRole(...rolesFor('/data-sync')),
];

/** Starting, stopping and scheduling groups: the route's roles and run_sync too. */
export const runners = (app: FastifyInstance) => [
  ...readers(app),
  requirePermission(RUN_SYNC, "You don't have permission to run or change data syncs."),
];

/**
 * Writing warehouse SQL: saving or deleting groups and running ad-hoc mappings. Admins
 * only (edit_sync_mappings), so no case manager can aim a query at the portal's tables.
 */
export const editors = (app: FastifyInstance) => [
  ...readers(app),
  requirePermission(
    EDIT_SYNC_MAPPINGS,
    'Only an administrator can edit sync mappings or run a query of your own.',
  ),
];

/** Whether a signed-in user holds run_sync. */
export const canRunSync = (role: string) => holds(role, RUN_SYNC);

/** Whether a signed-in user may see what only admins see: stack traces, SQL, patient samples. */
export const isAdmin = (role: string) => holds(role, EDIT_SYNC_MAPPINGS);

/** The error answers every console route may give. */
export const ERROR_RESPONSES = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
} as const;
