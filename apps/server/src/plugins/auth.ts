import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_MESSAGES, STATUS_MESSAGES } from '@portal/domain/messages';
import type { TRole } from '@portal/domain/roles';
import { COOKIES } from '../lib/auth-cookies';
import { readToken } from '../lib/auth-tokens';
import { jwtSecretsOf } from '../lib/secrets';
import { SESSION_POLICY } from '../lib/session-policy';
import { createSessionReader } from '../modules/auth/session-reader';
import {
  revokeSession,
  touchSession,
  type TSessionWithUser,
  type TSignedInSession,
  type TSignedInUser,
} from '../modules/auth/session-repository';
import { AppError } from './errors';

/** The signed-in request's session and user, as the session read answers them. */
export type TAuth = TSessionWithUser;

declare module 'fastify' {
  // Declaration merging needs interfaces here.
  /* eslint-disable @typescript-eslint/consistent-type-definitions */
  interface FastifyInstance {
    /**
     * onRequest guard: a valid access token, a live session (not revoked, not idle for
     * 30 minutes, within its absolute limit), the CSRF header on unsafe methods, and no
     * pending forced password change or owed second factor unless the route allows it.
     */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: TAuth | null;
  }
  interface FastifyContextConfig {
    /** The few routes a user who must change their password may still call. */
    allowPasswordResetRequired?: boolean;
    /**
     * The few routes a user who owes a second factor (their role requires one) may still
     * call: enrolling one, check-auth, logout. Patient data is never among them.
     */
    allowMfaEnrolmentRequired?: boolean;
  }
  /* eslint-enable @typescript-eslint/consistent-type-definitions */
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Constant-time comparison of the X-CSRF-TOKEN header with the value inside the token. */
export const csrfMatches = (request: FastifyRequest, expected: string): boolean => {
  const header = request.headers['x-csrf-token'];
  if (typeof header !== 'string') {
    return false;
  }
  const given = Buffer.from(header);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

export const isSafeMethod = (request: FastifyRequest) => SAFE_METHODS.has(request.method);

/** Why a session cannot be used at `now`, or undefined when it is live. */
export const sessionProblem = (
  session: TSignedInSession,
  user: TSignedInUser,
  now: number,
): 'revoked' | 'expired' | 'idle' | 'inactive' | undefined => {
  if (session.revoked_at !== null) {
    return 'revoked';
  }
  if (user.is_active !== 1) {
    return 'inactive';
  }
  if (session.expires_at <= now) {
    return 'expired';
  }
  if (now - session.last_seen_at > SESSION_POLICY.idleTimeoutMs) {
    return 'idle';
  }
  return undefined;
};

const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);

/** The signed-in user of a request that passed `app.authenticate`. */
export const requireAuth = (request: FastifyRequest): TAuth => {
  if (!request.auth) {
    throw unauthorized();
  }
  return request.auth;
};

/** onRequest guard to place after `app.authenticate`: only the listed roles pass. */
export const requireRole =
  (...roles: readonly TRole[]): onRequestAsyncHookHandler =>
  async (request) => {
    const { user } = requireAuth(request);
    if (!roles.some((role) => role === user.role)) {
      throw new AppError('forbidden', STATUS_MESSAGES[403] ?? 'Forbidden');
    }
  };

const auth = (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  const sessions = createSessionReader(app.portal.database);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const { db } = app.portal.database;
    const now = app.clock();
    const token = request.cookies[COOKIES.access];
    const claims =
      token === undefined
        ? undefined
        : readToken('access', token, { secret: jwtSecretsOf(app.portal.secrets), now });
    if (!claims) {
      throw unauthorized();
    }
    if (!isSafeMethod(request) && !csrfMatches(request, claims.csrf)) {
      throw new AppError('forbidden', 'Missing or invalid CSRF token');
    }
    const found = await sessions.read(claims.sessionId);
    if (!found || found.user.id !== claims.userId) {
      throw unauthorized();
    }
    const { session, user } = found;
    const problem = sessionProblem(session, user, now);
    if (problem === 'idle') {
      await revokeSession(db, session.id, now);
      await app.audit(request, { action: 'session_timeout', userId: user.id });
    }
    if (problem) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired);
    }
    if (now - session.last_seen_at >= SESSION_POLICY.touchEveryMs) {
      await touchSession(db, session.id, now);
    }
    request.auth = { user, session };
    if (
      user.password_reset_required === 1 &&
      !request.routeOptions.config.allowPasswordResetRequired
    ) {
      throw new AppError('forbidden', AUTH_MESSAGES.passwordResetRequired);
    }
    if (
      session.mfa_enrolment_required === 1 &&
      !request.routeOptions.config.allowMfaEnrolmentRequired
    ) {
      throw new AppError('forbidden', AUTH_MESSAGES.mfaEnrolmentRequired);
    }
  });
};

export default fp(auth, { name: 'auth', dependencies: ['audit'] });
