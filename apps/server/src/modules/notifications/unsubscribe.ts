import type { Kysely } from 'kysely';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  type TNotificationKind,
  type TUnsubscribeResponse,
} from '@portal/domain/notifications-api';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { readSettings, saveSettings } from './settings';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/**
 * A mail's unsubscribe link, without sign-in: the signed token names the user and the
 * kinds, and nothing else can be turned off with it. Reading (GET) changes nothing, since
 * mail scanners open links; the page's button and RFC 8058 clients POST.
 */

const invalid = () => new AppError('bad_request', NOTIFICATION_MESSAGES.unsubscribeInvalid);

/** j***@example.com: enough for the owner to recognise, little for anyone else. */
export const emailHint = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

const resolve = async (db: Kysely<Database>, token: string, secrets: readonly string[]) => {
  const claims = verifyUnsubscribeToken(token, secrets);
  if (!claims) {
    throw invalid();
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'payor_key', 'patient_key'])
    .where('id', '=', claims.userId)
    .executeTakeFirst();
  if (!user) {
    throw invalid();
  }
  return { user, kinds: claims.kinds };
};

const answer = (
  email: string,
  kinds: TNotificationKind[],
  unsubscribed: boolean,
): TUnsubscribeResponse => ({
  success: true,
  kind: kinds[0]!,
  kind_label: kinds.map((kind) => NOTIFICATION_KIND_LABELS[kind]).join(', '),
  email_hint: emailHint(email),
  unsubscribed,
  message: unsubscribed ? NOTIFICATION_MESSAGES.unsubscribed : '',
});

export const describeUnsubscribe = async (
  db: Kysely<Database>,
  token: string,
  secrets: readonly string[],
  timeZone = 'UTC',
) => {
  const { user, kinds } = await resolve(db, token, secrets);
  const { settings } = await readSettings(db, user, timeZone);
  const off = kinds.every((kind) => settings.kinds[kind].email === 'off');
  return answer(user.email, kinds, off);
};

/** Turns off email of the token's kinds; what was waiting to be mailed of them stays in-app. */
export const unsubscribe = async (
  db: Kysely<Database>,
  token: string,
  options: { secrets: readonly string[]; timeZone: string; now: number },
) => {
  const { user, kinds } = await resolve(db, token, options.secrets);
  await db.transaction().execute(async (trx) => {
    const { settings } = await readSettings(trx, user, options.timeZone);
    for (const kind of kinds) {
      settings.kinds[kind] = { ...settings.kinds[kind], email: 'off' };
    }
    await saveSettings(trx, { userId: user.id, settings, now: options.now });
    const waiting = trx.selectFrom('notification_events').select('id').where('kind', 'in', kinds);
    await trx
      .updateTable('notifications')
      .set({ email_state: 'none' })
      .where('user_id', '=', user.id)
      .where('email_state', 'in', ['pending', 'digest'])
      .where('event_id', 'in', waiting)
      .execute();
  });
  return { userId: user.id, kinds, response: answer(user.email, kinds, true) };
};
