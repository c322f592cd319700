import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZConfirmEmailInput,
  ZConfirmEmailResponse,
  ZProfileResponse,
  ZProfileUpdate,
  ZProfileUpdateResponse,
} from '@portal/domain/profile-api';
import { rolesFor } from '@portal/domain/routes';
import { requireAuth, requireRole } from '../../plugins/auth';
import { ZErrorBody } from '../../plugins/errors';
import { authContext } from '../auth/context';
import { confirmEmailChange, presentProfile, updateProfile } from './service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** My Profile (core.md section 7, staff-tools.md section 7), under /api. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = [app.authenticate, requireRole(...rolesFor('/profile'))];

  app.get(
    '/profile',
    {
      onRequest: guard,
      schema: {
        summary: "The signed-in user's full name (username) and email",
        tags: ['profile'],
        response: { 200: ZProfileResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      void reply.header('Cache-Control', 'no-store');
      return { success: true as const, ...presentProfile(user) };
    },
  );

  app.put(
    '/profile',
    {
      onRequest: guard,
      schema: {
        summary:
          'Changes the full name at once; a new email (with current_password) is mailed a confirmation link',
        tags: ['profile'],
        body: ZProfileUpdate,
        response: { 200: ZProfileUpdateResponse, ...errors, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return updateProfile(authContext(app, request), requireAuth(request), request.body);
    },
  );

  // Public, as the reset-by-link calls are: the link may be opened where nobody is signed
  // in, so there is no session whose CSRF value it could echo; the token is the credential.
  app.post(
    '/profile/confirm-email',
    {
      schema: {
        summary: 'Moves the account to the new email its mailed link confirms; single use',
        tags: ['profile'],
        body: ZConfirmEmailInput,
        response: { 200: ZConfirmEmailResponse, 400: ZErrorBody, 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return confirmEmailChange(authContext(app, request), request.body);
    },
  );
};
