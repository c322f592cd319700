import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NOTIFICATION_LIMITS } from '@portal/domain/notifications-api';
import { jwtSecretsOf } from '../../lib/secrets';
import { claimDailyRun, finishRun } from '../audit/retention';
import { dispatchDigests, dispatchInstant } from './dispatch';
import { purgeNotifications } from './retention';
import { notificationRoutes } from './routes';
import { scanDue, scanForEvents, type TScanResult } from './scan';

export type TNotificationTick = {
  scan: TScanResult | { claimed: false; due: false };
  instantMails: number;
  digests: number;
};

/** The daily clean-up's claim in housekeeping_runs. */
export const PURGE_JOB = 'notification_purge';

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    notifications: {
      /** One pass now: the sync's changes if due, then the mails due. */
      tick: () => Promise<TNotificationTick>;
    };
  }
}

/**
 * Notifications (issue 34): every process looks on a timer (NOTIFICATION_TICK_MS) for a
 * new data version or a due waiting check, and for mail due; claims in the database decide
 * which process does each piece, so several processes sharing a database notify once.
 */
const notifications = async (app: FastifyInstance) => {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`.slice(0, 64);
  let running: Promise<TNotificationTick> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const pass = async (): Promise<TNotificationTick> => {
    const { db } = app.portal.database;
    const { config } = app.portal;
    const now = app.clock();
    const timeZone = config.schedulerTimezone;
    const scan = (await scanDue(db, now))
      ? await scanForEvents(db, {
          now,
          owner,
          timeZone,
          waitingDays: NOTIFICATION_LIMITS.waitingDays.default,
        })
      : ({ claimed: false, due: false } as const);
    const mailOptions = {
      now: app.clock(),
      appOrigin: config.appOrigin,
      secret: jwtSecretsOf(app.portal.secrets)[0]!,
      timeZone,
    };
    const instantMails = await dispatchInstant(db, mailOptions);
    const digests = await dispatchDigests(db, mailOptions);
    if (await claimDailyRun(db, { name: PURGE_JOB, now, owner })) {
      const purged = await purgeNotifications(db, now);
      await finishRun(db, { name: PURGE_JOB, now: app.clock(), result: JSON.stringify(purged) });
    }
    if (instantMails + digests > 0) {
      app.mail.wake();
    }
    if (scan.claimed && scan.events > 0) {
      app.log.info({ ...scan, instantMails, digests }, 'notifications found after a sync');
    }
    return { scan, instantMails, digests };
  };

  app.decorate('notifications', {
    tick: () => {
      running ??= pass().finally(() => {
        running = undefined;
      });
      return running;
    },
  });

  app.addHook('onReady', async () => {
    const every = app.portal.config.notificationTickMs;
    if (every > 0) {
      timer = setInterval(() => {
        app.notifications.tick().catch((error: unknown) => {
          app.log.error({ err: error }, 'notification pass failed; next one soon');
        });
      }, every);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
  await app.register(notificationRoutes, { prefix: '/api' });
};

export default fp(notifications, { name: 'notifications', dependencies: ['mail'] });
