import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCheckAuthResponse,
  ZLoginInput,
  ZLoginResponse,
  ZRefreshResponse,
  ZSuccessMessage,
} from '@portal/domain/auth-api';
import { AUTH_MESSAGES } from '@portal/domain/messages';
import { MFA_MESSAGES, ZMfaChallengeResponse } from '@portal/domain/mfa-api';
import { z } from 'zod';
import { COOKIES, clearSessionCookies, setSessionCookies } from '../../../lib/auth-cookies';
import { csrfMatches, requireAuth } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { authContext } from '../context';
import { toAuthUser } from '../presenters';
import { login, logout, refreshSession } from '../service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody };

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.portal.config.appOrigin.startsWith('https://');

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in; sets the session cookies',
        tags: ['auth'],
        body: ZLoginInput,
        response: { 200: z.union([ZLoginResponse, ZMfaChallengeResponse]), ...errors },
      },
    },
    async (request, reply) => {
      const result = await login(authContext(app, request), request.body);
      if (result.kind === 'challenge') {
        // No cookie yet: the second factor makes the session (issue 35).
        return {
          success: true as const,
          mfa_required: true as const,
          message: result.methods.includes('totp')
            ? MFA_MESSAGES.enterCode
            : MFA_MESSAGES.usePasskey,
          challenge: result.challenge,
          methods: result.methods,
        };
      }
      setSessionCookies(reply, result.cookies, { secure });
      return { success: true, message: AUTH_MESSAGES.loginSuccessful, user: result.user };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        summary: 'Ends the session and clears the cookies',
        tags: ['auth'],
        response: { 200: ZSuccessMessage, 403: ZErrorBody },
      },
    },
    async (request, reply) => {
      await logout(
        authContext(app, request),
        { access: request.cookies[COOKIES.access], refresh: request.cookies[COOKIES.refresh] },
        (expected) => csrfMatches(request, expected),
      );
      clearSessionCookies(reply, { secure });
      return { success: true, message: 'Logged out' };
    },
  );

  app.get(
    '/check-auth',
    {
      onRequest: app.authenticate,
      config: { allowPasswordResetRequired: true, allowMfaEnrolmentRequired: true },
      schema: {
        summary: 'The signed-in user and their permission claims; 401 when not signed in',
        tags: ['auth'],
        response: { 200: ZCheckAuthResponse, 401: ZErrorBody },
      },
    },
    async (request) => {
      const { user: signedIn, session } = requireAuth(request);
      const user = toAuthUser(signedIn, session);
      return { authenticated: true, user, claims: { permissions: user.permissions } };
    },
  );

  app.post(
    '/refresh-token',
    {
      schema: {
        summary: 'Rotates the refresh token and issues a new access token',
        tags: ['auth'],
        response: { 200: ZRefreshResponse, 401: ZErrorBody },
      },
    },
    async (request, reply) => {
      try {
        const { cookies } = await refreshSession(
          authContext(app, request),
          request.cookies[COOKIES.refresh],
        );
        if (cookies) {
          setSessionCookies(reply, cookies, { secure });
        }
        return { success: true };
      } catch (error) {
        // A dead refresh token is worth nothing to the browser; stop it sending one.
        clearSessionCookies(reply, { secure });
        throw error;
      }
    },
  );
};
