import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChangePasswordInput,
  ZForgotPasswordInput,
  ZResetPasswordWithTokenInput,
  ZSuccessMessage,
  ZVerifyResetTokenInput,
  ZVerifyResetTokenResponse,
} from '@portal/domain/auth-api';
import { requireAuth } from '../../../plugins/auth';
import { ZErrorBody } from '../../../plugins/errors';
import { authContext } from '../context';
import {
  changePassword,
  requestPasswordReset,
  resetPasswordWithToken,
  verifyResetToken,
} from '../password-service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody };

/**
 * The three reset-by-link calls are public: the browser sends them without credentials, so
 * there is no session whose CSRF value they could echo; the token is the credential.
 */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/forgot-password',
    {
      schema: {
        summary: 'Mails a reset link; answers alike for known and unknown emails',
        tags: ['auth'],
        body: ZForgotPasswordInput,
        response: { 200: ZSuccessMessage, 400: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => requestPasswordReset(authContext(app, request), request.body.email),
  );

  app.post(
    '/verify-reset-token',
    {
      schema: {
        summary: 'Whether a reset token can still be used, and for which email',
        tags: ['auth'],
        body: ZVerifyResetTokenInput,
        response: { 200: ZVerifyResetTokenResponse, 400: ZErrorBody },
      },
    },
    async (request) => verifyResetToken(authContext(app, request), request.body.token),
  );

  app.post(
    '/reset-password-with-token',
    {
      schema: {
        summary: 'Sets a new password with an emailed token; ends every session of the user',
        tags: ['auth'],
        body: ZResetPasswordWithTokenInput,
        response: { 200: ZSuccessMessage, 400: ZErrorBody },
      },
    },
    async (request) => resetPasswordWithToken(authContext(app, request), request.body),
  );

  // PUT is the same call as POST (decisions.md, "PUT /api/reset-password").
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/reset-password',
      onRequest: app.authenticate,
      // The forced password change comes before an owed factor's enrolment (issue 35).
      config: { allowPasswordResetRequired: true, allowMfaEnrolmentRequired: true },
      schema: {
        summary: 'Changes the signed-in user’s password; ends their other sessions',
        tags: ['auth'],
        body: ZChangePasswordInput,
        response: { 200: ZSuccessMessage, ...errors },
      },
      handler: async (request) =>
        changePassword(authContext(app, request), requireAuth(request), request.body),
    });
  }
};
