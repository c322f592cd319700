import type { Kysely } from 'kysely';
import type { TNotificationKind } from '@portal/domain/notifications-api';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';
import { enqueueMailWithId } from '../../mail/outbox';
import { MAIL_ITEMS, notificationMail, type TMailItem } from './mail-template';
import { isPatientAccount, settingsOf } from './settings';
import { signUnsubscribeToken } from './unsubscribe-token';

/**
 * Notification mails through the outbox (issue 34). Instant: every user with notifications
 * waiting to be mailed gets one mail listing them, however many one sync brought. Digest:
 * once the user's digest time has passed in their time zone, one mail a local day with
 * what gathered since the last. Both claim their rows in the database, in the transaction
 * that queues the mail: the notifications move from 'pending' or 'digest' to 'mailed'
 * only if no other process moved them first (else the transaction rolls back), and a
 * digest also moves the user's digest day, so a crash or a second process never sends a
 * notification twice.
 */

export type TDispatchOptions = {
  now: number;
  appOrigin: string;
  /** The secret unsubscribe links are signed with. */
  secret: string;
  /** The zone of users who chose none. */
  timeZone: string;
};

const USERS_PER_PASS = 200;

class ClaimLost extends Error {}

/** A user's local date and time, 'YYYY-MM-DD' and 'HH:MM'. */
export const localParts = (now: number, timeZone: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(now));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '00';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
};

const unsubscribeUrl = (options: TDispatchOptions, userId: number, kinds: TNotificationKind[]) =>
  `${options.appOrigin}/unsubscribe?token=${signUnsubscribeToken({ userId, kinds }, options.secret)}`;

/** The API address mail clients POST to for RFC 8058's one-click unsubscribe. */
const oneClickUrl = (options: TDispatchOptions, userId: number, kinds: TNotificationKind[]) =>
  `${options.appOrigin}/api/notifications/unsubscribe?token=${signUnsubscribeToken({ userId, kinds }, options.secret)}`;

/**
 * Mails one user's notifications in `state` as one mail; answers whether a mail was queued.
 * `claimDay` (digests) also moves the user's digest day, or gives up if it already moved.
 */
const mailUser = async (
  db: Kysely<Database>,
  userId: number,
  state: 'pending' | 'digest',
  options: TDispatchOptions & { claimDay?: string },
) => {
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'email', 'role', 'patient_key', 'is_active'])
        .where('id', '=', userId)
        .executeTakeFirst();
      const rows = await trx
        .selectFrom('notifications as n')
        .innerJoin('notification_events as e', 'e.id', 'n.event_id')
        .select(['n.id', 'e.kind', 'e.so_number', 'e.order_id', 'e.days'])
        .where('n.user_id', '=', userId)
        .where('n.email_state', '=', state)
        .orderBy('n.id')
        .execute();
      if (rows.length === 0) {
        return false;
      }
      const last = rows.at(-1)!.id;
      if (!user || user.is_active !== 1) {
        // Nobody to mail: the rows stay in the portal only.
        await trx
          .updateTable('notifications')
          .set({ email_state: 'none' })
          .where('user_id', '=', userId)
          .where('email_state', '=', state)
          .where('id', '<=', last)
          .execute();
        return false;
      }
      if (options.claimDay !== undefined) {
        const claimed = await trx
          .updateTable('notification_settings')
          .set({ last_digest_day: options.claimDay })
          .where('user_id', '=', userId)
          .where((eb) =>
            eb.or([
              eb('last_digest_day', 'is', null),
              eb('last_digest_day', '<>', options.claimDay!),
            ]),
          )
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) {
          throw new ClaimLost();
        }
      }
      const items: TMailItem[] = rows.slice(0, MAIL_ITEMS).map((row) => ({
        notificationId: row.id,
        kind: row.kind as TNotificationKind,
        soNumber: row.so_number,
        orderId: row.order_id,
        days: row.days,
      }));
      const kinds = [...new Set(rows.map((row) => row.kind as TNotificationKind))];
      const mailId = await enqueueMailWithId(
        trx,
        notificationMail({
          to: user.email,
          appOrigin: options.appOrigin,
          items,
          more: rows.length - items.length,
          digest: state === 'digest',
          patient: isPatientAccount(user),
          unsubscribe: kinds.map((kind) => ({
            kind,
            url: unsubscribeUrl(options, userId, [kind]),
          })),
          unsubscribeAll: oneClickUrl(options, userId, kinds),
        }),
        options.now,
      );
      const moved = await trx
        .updateTable('notifications')
        .set({ email_state: 'mailed', mail_id: mailId })
        .where('user_id', '=', userId)
        .where('email_state', '=', state)
        .where('id', '<=', last)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== rows.length) {
        throw new ClaimLost();
      }
      return true;
    });
  } catch (error) {
    if (error instanceof ClaimLost) {
      return false;
    }
    throw error;
  }
};

const usersWith = async (db: Kysely<Database>, state: 'pending' | 'digest') =>
  (
    await db
      .selectFrom('notifications')
      .select('user_id')
      .distinct()
      .where('email_state', '=', state)
      .limit(USERS_PER_PASS)
      .execute()
  ).map((row) => row.user_id);

/** One instant mail per user with pending notifications. Answers how many were queued. */
export const dispatchInstant = async (db: Kysely<Database>, options: TDispatchOptions) => {
  let mails = 0;
  for (const userId of await usersWith(db, 'pending')) {
    if (await mailUser(db, userId, 'pending', options)) {
      mails += 1;
    }
  }
  return mails;
};

/** The digests due now: each user's time passed today, in their zone, and none sent today. */
export const dispatchDigests = async (db: Kysely<Database>, options: TDispatchOptions) => {
  const userIds = await usersWith(db, 'digest');
  if (userIds.length === 0) {
    return 0;
  }
  const users = await db
    .selectFrom('users')
    .leftJoin('notification_settings as s', 's.user_id', 'users.id')
    .select([
      'users.id',
      'users.role',
      'users.payor_key',
      'users.patient_key',
      's.settings',
      's.last_digest_day',
    ])
    .where('users.id', 'in', userIds)
    .execute();
  let mails = 0;
  for (const user of users) {
    const settings = settingsOf(user, user.settings, options.timeZone);
    const local = localParts(options.now, settings.time_zone);
    if (local.time < settings.digest_time || user.last_digest_day === local.day) {
      continue;
    }
    if (user.settings === null) {
      // The day is claimed on the settings row: an empty one keeps the defaults.
      const insert = db.insertInto('notification_settings').values({
        user_id: user.id,
        settings: '',
        last_digest_day: null,
        updated_at: options.now,
      });
      await (
        dialectOfDb(db) === 'mysql'
          ? insert.ignore()
          : insert.onConflict((conflict) => conflict.column('user_id').doNothing())
      ).execute();
    }
    if (await mailUser(db, user.id, 'digest', { ...options, claimDay: local.day })) {
      mails += 1;
    }
  }
  return mails;
};
