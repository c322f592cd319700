import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { dashboardPatientLink } from '@portal/domain/dashboard-link';
import type {
  TNotification,
  TNotificationKind,
  TNotificationStatsDay,
} from '@portal/domain/notifications-api';
import { dialectOfDb } from '../../db/database';
import type { Database } from '../../db/schema';
import type { TSignedInUser } from '../auth/session-repository';
import { isPatientAccount } from './settings';

type TListSource = SelectQueryBuilder<
  Database & { n: Database['notifications']; e: Database['notification_events'] },
  'n' | 'e',
  object
>;

/**
 * The user's in-app notifications, narrowed by what they may read now: a notification
 * made while they could read the patient stays hidden after their payor changes.
 */
const visible = (db: Kysely<Database>, user: TSignedInUser): TListSource => {
  let query = db
    .selectFrom('notifications as n')
    .innerJoin('notification_events as e', 'e.id', 'n.event_id')
    .where('n.user_id', '=', user.id)
    .where('n.in_app', '=', 1) as unknown as TListSource;
  if (isPatientAccount(user)) {
    query = query.where('e.patient_key', '=', user.patient_key ?? '');
  } else if (user.role !== 'admin') {
    query = query.where('e.payor_key', '=', user.payor_key ?? '');
  }
  return query;
};

export const countUnread = async (db: Kysely<Database>, user: TSignedInUser) => {
  const row = await visible(db, user)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('n.read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
};

const linkOf = (row: { payor_key: string | null; patient_key: string; so_number: string | null }) =>
  dashboardPatientLink({
    payorKey: row.payor_key,
    patientKey: row.patient_key,
    soNumber: row.so_number,
    search: null,
  });

const nameOf = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part && part.trim() !== '').join(' ') || 'Unknown patient';

export const listNotifications = async (
  db: Kysely<Database>,
  user: TSignedInUser,
  options: { page: number; perPage: number; unreadOnly: boolean },
) => {
  const base = options.unreadOnly
    ? visible(db, user).where('n.read_at', 'is', null)
    : visible(db, user);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirst(),
    base
      .leftJoin('patients as p', 'p.patient_key', 'e.patient_key')
      .select([
        'n.id',
        'n.created_at',
        'n.read_at',
        'e.kind',
        'e.order_id',
        'e.so_number',
        'e.patient_key',
        'e.payor_key',
        'e.status',
        'e.days',
        'p.first_name',
        'p.last_name',
      ])
      .orderBy('n.id', 'desc')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
  ]);
  const notifications: TNotification[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind as TNotificationKind,
    created_at: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
    order_id: row.order_id,
    so_number: row.so_number,
    patient_key: row.patient_key,
    patient_name: nameOf(row.first_name, row.last_name),
    status: row.status,
    days: row.days,
    link: linkOf(row),
  }));
  return { notifications, total: Number(total?.count ?? 0) };
};

/** Marks one of the user's notifications read; its event, or undefined when not theirs. */
export const markRead = async (
  db: Kysely<Database>,
  user: TSignedInUser,
  id: number,
  now: number,
) => {
  const row = await visible(db, user)
    .select(['n.id', 'n.read_at', 'e.patient_key', 'e.payor_key', 'e.so_number', 'e.order_id'])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row) {
    return undefined;
  }
  if (row.read_at === null) {
    await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .execute();
  }
  return { ...row, link: linkOf(row) };
};

export const markAllRead = async (db: Kysely<Database>, user: TSignedInUser, now: number) => {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', user.id)
    .where('in_app', '=', 1)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

const DAY_MS = 86_400_000;

/** created_at's UTC day number, in each dialect's integer division. */
const dayOf = (db: Kysely<Database>, column: string) =>
  dialectOfDb(db) === 'mysql'
    ? sql<number>`${sql.ref(column)} DIV ${sql.lit(DAY_MS)}`
    : sql<number>`${sql.ref(column)} / ${sql.lit(DAY_MS)}`;

/** The admin's figures: per UTC day, notifications made and their mails' fates. */
export const notificationStats = async (
  db: Kysely<Database>,
  options: { now: number; days: number },
) => {
  const today = Math.floor(options.now / DAY_MS);
  const from = (today - options.days + 1) * DAY_MS;
  const [notified, mails, emailUsers, allUsers] = await Promise.all([
    db
      .selectFrom('notifications')
      .select((eb) => [
        dayOf(db, 'created_at').as('day'),
        eb.fn.countAll<number | string>().as('count'),
      ])
      .where('created_at', '>=', from)
      .where('in_app', '=', 1)
      .groupBy(dayOf(db, 'created_at'))
      .execute(),
    db
      .selectFrom('mail_outbox')
      .select((eb) => [
        dayOf(db, 'created_at').as('day'),
        eb.fn.count<number | string>('sent_at').as('sent'),
        eb.fn.count<number | string>('bounced_at').as('bounced'),
        eb.fn
          .sum<number | string>(
            eb
              .case()
              .when(
                eb.and([
                  eb('sent_at', 'is', null),
                  eb('bounced_at', 'is', null),
                  eb('attempts', '>', 0),
                ]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('failed'),
      ])
      .where('kind', '=', 'notification')
      .where('created_at', '>=', from)
      .groupBy(dayOf(db, 'created_at'))
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.count<number | string>('user_id').distinct().as('count'))
      .where('created_at', '>=', from)
      .where('email_state', '=', 'mailed')
      .executeTakeFirst(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.count<number | string>('user_id').distinct().as('count'))
      .where('created_at', '>=', from)
      .executeTakeFirst(),
  ]);
  const notifiedByDay = new Map(notified.map((row) => [row.day, Number(row.count)]));
  const mailsByDay = new Map(mails.map((row) => [row.day, row]));
  const days: TNotificationStatsDay[] = [];
  for (let day = today; day > today - options.days; day -= 1) {
    const mail = mailsByDay.get(day);
    days.push({
      day: new Date(day * DAY_MS).toISOString().slice(0, 10),
      notified: notifiedByDay.get(day) ?? 0,
      sent: Number(mail?.sent ?? 0),
      failed: Number(mail?.failed ?? 0),
      bounced: Number(mail?.bounced ?? 0),
    });
  }
  const sum = (key: 'notified' | 'sent' | 'failed' | 'bounced') =>
    days.reduce((total, day) => total + day[key], 0);
  const email = Number(emailUsers?.count ?? 0);
  return {
    days,
    totals: {
      notified: sum('notified'),
      sent: sum('sent'),
      failed: sum('failed'),
      bounced: sum('bounced'),
    },
    users: { email, in_app_only: Math.max(0, Number(allUsers?.count ?? 0) - email) },
  };
};
