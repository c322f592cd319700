import type { FastifyInstance } from 'fastify';
import { rolesFor } from '@portal/domain/routes';
import { requireRole } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import type { TVersionMemo } from '../../../lib/version-memo';
import { readRefresh } from '../repository';

export type TAnalyticsRouteOptions = { memo: TVersionMemo };

export const analyticsErrors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** Admins only (staff-tools.md route table); others get 403. */
export const adminOnly = (app: FastifyInstance) => [
  app.authenticate,
  requireRole(...rolesFor('/analytics')),
];

/** The memo's keys of a period's processing times and status durations. */
export const processingMemoKey = (range: { from: number; to: number }) =>
  `processing|${range.from}|${range.to}`;
export const statusMemoKey = (range: { from: number; to: number }) =>
  `status|${range.from}|${range.to}`;

/** The memo's key of a period's reorder figures, which every page and export of it share. */
export const reorderMemoKey = (range: { from: number; to: number }, minOrders: number) =>
  `reorder|${range.from}|${range.to}|${minOrders}`;

/** The summaries' version (for the memo) and when they were last refilled by a sync. */
export const freshness = async (app: FastifyInstance) => {
  const refresh = await readRefresh(app.portal.database.db);
  return {
    version: refresh?.version ?? 0,
    lastSyncedAt: refresh?.refreshed_at ?? null,
  };
};
