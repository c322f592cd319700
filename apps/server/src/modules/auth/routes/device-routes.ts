import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  SESSION_MESSAGES,
  ZDeviceSessionsResponse,
  ZSessionEndedResponse,
} from '@portal/domain/sessions-api';
import type { Database } from '../../../db/schema';
import { SESSION_POLICY } from '../../../lib/session-policy';
import { requireAuth } from '../../../plugins/auth';
import { AppError, ZErrorBody } from '../../../plugins/errors';
import { revokeUserSessions } from '../session-repository';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * The name a session is ended by: a digest of its id, so the list never carries a session
 * id (the bearer of a session's tokens) to the page.
 */
const publicId = (sessionId: string) =>
  createHash('sha256').update(`session:${sessionId}`).digest('base64url').slice(0, 22);

/** 'Chrome on Windows', from the user agent the sign-in sent (bowser). */
const deviceOf = (userAgent: string | null) => {
  if (!userAgent) {
    return { device: 'Unknown device', kind: 'unknown' };
  }
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? 'Unknown browser';
  const system = parsed.os.name;
  return {
    device: system ? `${browser} on ${system}` : browser,
    kind: parsed.platform.type ?? 'unknown',
  };
};

/** The user's sessions that still work at `now`: not ended, not past their limit, not idle. */
const liveSessions = (db: Kysely<Database>, userId: number, now: number) =>
  db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'remember_me'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', now - SESSION_POLICY.idleTimeoutMs)
    .orderBy('last_seen_at', 'desc')
    .execute();

/** My Profile › Security's signed-in devices (issue 35), under /api. */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.portal.database.db;

  app.get(
    '/profile/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The signed-in user's live sessions: device, address, sign-in and last use",
        tags: ['profile'],
        response: { 200: ZDeviceSessionsResponse, ...errors },
      },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const rows = await liveSessions(db(), user.id, app.clock());
      const sessions = rows.map((row) => ({
        id: publicId(row.id),
        current: row.id === session.id,
        ...deviceOf(row.user_agent),
        ip: row.ip,
        signed_in_at: new Date(row.created_at).toISOString(),
        last_seen_at: new Date(row.last_seen_at).toISOString(),
        remembered: row.remember_me === 1,
      }));
      return {
        success: true as const,
        // This device first, then by last use.
        sessions: [...sessions].sort((a, b) => Number(b.current) - Number(a.current)),
      };
    },
  );

  app.delete(
    '/profile/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Ends one of the signed-in user's other sessions",
        tags: ['profile'],
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not a session') }),
        response: { 200: ZSessionEndedResponse, ...errors },
      },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const now = app.clock();
      if (request.params.id === publicId(session.id)) {
        throw new AppError('bad_request', SESSION_MESSAGES.current);
      }
      const target = (await liveSessions(db(), user.id, now)).find(
        (row) => publicId(row.id) === request.params.id,
      );
      if (!target) {
        throw new AppError('not_found', SESSION_MESSAGES.notFound);
      }
      await db()
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', target.id)
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute();
      await app.audit(request, {
        action: 'session_end',
        userId: user.id,
        detail: { device: deviceOf(target.user_agent).device, ip: target.ip },
      });
      return { success: true as const, message: SESSION_MESSAGES.ended, ended: 1 };
    },
  );

  app.post(
    '/profile/sessions/end-others',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Ends every session of the signed-in user but this one',
        tags: ['profile'],
        response: { 200: ZSessionEndedResponse, ...errors },
      },
    },
    async (request) => {
      const { user, session } = requireAuth(request);
      const result = await revokeUserSessions(db(), user.id, app.clock(), { except: session.id });
      const ended = result.reduce((sum, row) => sum + Number(row.numUpdatedRows), 0);
      await app.audit(request, {
        action: 'session_end_others',
        userId: user.id,
        detail: { ended },
      });
      return { success: true as const, message: SESSION_MESSAGES.endedOthers, ended };
    },
  );
};
