import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  ZMarkAllReadResponse,
  ZMarkReadResponse,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZNotificationSettings,
  ZNotificationSettingsResponse,
  ZNotificationStatsQuery,
  ZNotificationStatsResponse,
  ZUnreadCountResponse,
  ZUnsubscribeQuery,
  ZUnsubscribeResponse,
} from '@portal/domain/notifications-api';
import { rolesFor } from '@portal/domain/routes';
import { jwtSecretsOf } from '../../lib/secrets';
import { requireAuth, requireRole } from '../../plugins/auth';
import { AppError, ZErrorBody } from '../../plugins/errors';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  notificationStats,
} from './repository';
import {
  availableKinds,
  checkSettings,
  payorScopeAvailable,
  readSettings,
  saveSettings,
} from './settings';
import { describeUnsubscribe, unsubscribe } from './unsubscribe';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The notification calls of @portal/domain/notifications-api, under /api. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.portal.database.db;
  const zone = () => app.portal.config.schedulerTimezone;

  app.get(
    '/notifications',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'notification_list' },
      schema: {
        summary: "The signed-in user's notifications, newest first",
        tags: ['notifications'],
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationListResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { page, per_page: perPage, unread } = request.query;
      const [list, unreadCount] = await Promise.all([
        listNotifications(db(), user, { page, perPage, unreadOnly: unread === 'true' }),
        countUnread(db(), user),
      ]);
      // The list names patients: a read like a patient list's.
      await app.audit(request, {
        action: 'notification_list',
        userId: user.id,
        detail: {
          patient_keys: [...new Set(list.notifications.map((item) => item.patient_key))],
        },
      });
      return {
        success: true as const,
        notifications: list.notifications,
        unread_count: unreadCount,
        pagination: {
          current_page: page,
          pages: Math.max(1, Math.ceil(list.total / perPage)),
          total: list.total,
          per_page: perPage,
        },
      };
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "How many of the signed-in user's notifications are unread (the bell)",
        tags: ['notifications'],
        response: { 200: ZUnreadCountResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { success: true as const, unread_count: await countUnread(db(), user) };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest: app.authenticate,
      config: { auditRead: 'notification_open' },
      schema: {
        summary: 'Marks one notification read and answers where its order opens',
        tags: ['notifications'],
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: ZMarkReadResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const row = await markRead(db(), user, request.params.id, app.clock());
      if (!row) {
        throw new AppError('not_found', NOTIFICATION_MESSAGES.notFound);
      }
      await app.audit(request, {
        action: 'notification_open',
        userId: user.id,
        patientKey: row.patient_key,
        detail: { notification_id: row.id, order_id: row.order_id },
      });
      return { success: true as const, link: row.link };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Marks every one of the signed-in user's notifications read",
        tags: ['notifications'],
        response: { 200: ZMarkAllReadResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return { success: true as const, updated: await markAllRead(db(), user, app.clock()) };
    },
  );

  const settingsAnswer = async (user: Parameters<typeof readSettings>[1]) => {
    const { settings, saved } = await readSettings(db(), user, zone());
    return {
      success: true as const,
      settings,
      available_kinds: availableKinds(user),
      payor_scope_available: payorScopeAvailable(user),
      saved,
    };
  };

  app.get(
    '/notification-settings',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The signed-in user's notification settings (the defaults until saved)",
        tags: ['notifications'],
        response: { 200: ZNotificationSettingsResponse, ...errors },
      },
    },
    async (request) => settingsAnswer(requireAuth(request).user),
  );

  app.put(
    '/notification-settings',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Saves the signed-in user's notification settings",
        tags: ['notifications'],
        body: ZNotificationSettings,
        response: { 200: ZNotificationSettingsResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const settings = checkSettings(user, request.body);
      await saveSettings(db(), { userId: user.id, settings, now: app.clock() });
      await app.audit(request, {
        action: 'notification_settings_save',
        userId: user.id,
        detail: { scope: settings.scope, kinds: settings.kinds },
      });
      return settingsAnswer(user);
    },
  );

  // RFC 8058: a mail client posts 'List-Unsubscribe=One-Click' as a form; nothing in it is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  const unsubscribeSchema = (summary: string) => ({
    summary,
    tags: ['notifications'],
    querystring: ZUnsubscribeQuery,
    response: { 200: ZUnsubscribeResponse, ...errors },
  });
  const secrets = () => jwtSecretsOf(app.portal.secrets);

  app.get(
    '/notifications/unsubscribe',
    { schema: unsubscribeSchema("What a mail's unsubscribe link turns off (no sign-in)") },
    async (request) => describeUnsubscribe(db(), request.query.token, secrets()),
  );

  app.post(
    '/notifications/unsubscribe',
    {
      schema: unsubscribeSchema(
        "Turns off the emails a mail's unsubscribe link names (no sign-in)",
      ),
    },
    async (request) => {
      const answer = await unsubscribe(db(), request.query.token, {
        secrets: secrets(),
        timeZone: zone(),
        now: app.clock(),
      });
      await app.audit(request, {
        action: 'notification_unsubscribe',
        userId: answer.userId,
        detail: {
          kinds: answer.kinds,
          labels: answer.kinds.map((kind) => NOTIFICATION_KIND_LABELS[kind]),
        },
      });
      return answer.response;
    },
  );

  app.get(
    '/admin/notifications/stats',
    {
      onRequest: [app.authenticate, requireRole(...rolesFor('/admin/notifications'))],
      schema: {
        summary: 'Notifications made and mailed per day (admins)',
        tags: ['notifications'],
        querystring: ZNotificationStatsQuery,
        response: { 200: ZNotificationStatsResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await notificationStats(db(), { now: app.clock(), days: request.query.days })),
    }),
  );
};
