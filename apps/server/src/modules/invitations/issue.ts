import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { hashToken } from '../auth/password-service';
import { insertResetToken, voidResetTokens } from '../auth/repository';
import { randomToken } from '../auth/service';
import { invitationMail } from './mail-template';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TFirstAccessOptions = {
  /** TEMPORARY_PASSWORD_DAYS: how long a temporary password or an invitation link works. */
  days: number;
  appOrigin: string;
  now: number;
};

/** When a temporary password handed out now stops working. */
export const temporaryPasswordExpiry = (options: Pick<TFirstAccessOptions, 'days' | 'now'>) =>
  options.now + options.days * DAY_MS;

/**
 * Gives each user a one-time invitation link (stored as its SHA-256, like a reset token)
 * and queues its mail. Call it inside the transaction that creates the users, so a user is
 * never left without the mail that lets them in, nor a mail sent for a user rolled back.
 */
export const issueInvitations = async (
  trx: Kysely<Database>,
  users: readonly { id: number; email: string; name: string }[],
  options: TFirstAccessOptions,
) => {
  for (const user of users) {
    const token = randomToken(32);
    await voidResetTokens(trx, user.id, options.now);
    await insertResetToken(trx, {
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: options.now,
      expires_at: temporaryPasswordExpiry(options),
      purpose: 'invitation',
    });
    await enqueueMail(
      trx,
      invitationMail({
        to: user.email,
        name: user.name,
        appOrigin: options.appOrigin,
        token,
        days: options.days,
      }),
      options.now,
    );
  }
};

/** The ids of users just inserted, by (normalised) email. */
export const userIdsByEmail = async (db: Kysely<Database>, emails: readonly string[]) => {
  const rows =
    emails.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
  return new Map(rows.map((row) => [row.email, row.id]));
};
