import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_MESSAGES,
  ZContactMessageInput,
  ZContactMessageResponse,
} from '@portal/domain/contact';
import { rolesFor } from '@portal/domain/routes';
import { requireAuth, requireRole } from '../../plugins/auth';
import { ZErrorBody } from '../../plugins/errors';
import { sendContactMessage } from './service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody };

/** Contact Support (staff-tools.md section 7), under /api. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact/message',
    {
      onRequest: [app.authenticate, requireRole(...rolesFor('/contact'))],
      schema: {
        summary: 'Sends a message to support: stored, then mailed to SUPPORT_EMAIL',
        tags: ['contact'],
        body: ZContactMessageInput,
        response: { 200: ZContactMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const now = app.clock();
      await sendContactMessage(app.portal.database.db, {
        user,
        input: request.body,
        ip: request.ip,
        now,
        supportEmail: app.portal.config.supportEmail,
      });
      app.mail.wake();
      // The message may name a patient; the trail records that one was sent, not its words.
      await app.audit(request, { action: 'contact_message', userId: user.id });
      void reply.header('Cache-Control', 'no-store');
      return { success: true as const, message: CONTACT_MESSAGES.stored };
    },
  );
};
