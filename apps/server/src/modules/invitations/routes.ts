import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FIRST_ACCESS_MESSAGES,
  ZAcceptInvitationInput,
  ZAcceptInvitationResponse,
  ZVerifyInvitationInput,
  ZVerifyInvitationResponse,
} from '@portal/domain/first-access';
import { setSessionCookies } from '../../lib/auth-cookies';
import { ZErrorBody } from '../../plugins/errors';
import { authContext } from '../auth/context';
import { acceptInvitation, verifyInvitation } from './service';

/**
 * The invitation link's two calls, public like the reset link's: the token is the
 * credential, and every unusable token gets the same answer.
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.portal.config.appOrigin.startsWith('https://');

  app.post(
    '/verify-invitation',
    {
      schema: {
        summary: 'Whether an invitation link can still be used, and for which email',
        tags: ['auth'],
        body: ZVerifyInvitationInput,
        response: { 200: ZVerifyInvitationResponse, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return verifyInvitation(authContext(app, request), request.body.token);
    },
  );

  app.post(
    '/accept-invitation',
    {
      schema: {
        summary:
          'Sets the first password with an invitation link (once) and signs the user in; sets the session cookies',
        tags: ['auth'],
        body: ZAcceptInvitationInput,
        response: { 200: ZAcceptInvitationResponse, 400: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { user, cookies } = await acceptInvitation(authContext(app, request), request.body);
      setSessionCookies(reply, cookies, { secure });
      return { success: true, message: FIRST_ACCESS_MESSAGES.accepted, user };
    },
  );
};
