import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type TContactMessageInput,
} from '@portal/domain/contact';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { AppError } from '../../plugins/errors';
import type { TSignedInUser } from '../auth/session-repository';
import { contactMail } from './mail-template';
import { countMessagesSince, insertContactMessage, lockSender } from './repository';

/**
 * Stores the message and queues its mail to support in one transaction: either both are
 * kept or neither, and a mail server that is down only delays the mail (mail/outbox.ts).
 * Over the hourly limit nothing is stored and a 429 is thrown.
 */
export const sendContactMessage = (
  db: Kysely<Database>,
  options: {
    user: TSignedInUser;
    input: TContactMessageInput;
    ip: string;
    now: number;
    supportEmail: string;
  },
) =>
  db.transaction().execute(async (trx) => {
    const { user, input, now } = options;
    await lockSender(trx, user.id);
    const { sent, firstAt } = await countMessagesSince(trx, {
      userId: user.id,
      since: now - CONTACT_LIMITS.windowMs,
    });
    if (sent >= CONTACT_LIMITS.perWindow) {
      // The next message may go once the oldest of the window's leaves it.
      throw new AppError('too_many_requests', CONTACT_MESSAGES.tooMany, {
        retryAfterMs: (firstAt ?? now) + CONTACT_LIMITS.windowMs - now,
      });
    }
    await insertContactMessage(trx, {
      user_id: user.id,
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      ip: options.ip.slice(0, 64),
      created_at: now,
    });
    await enqueueMail(
      trx,
      contactMail({ to: options.supportEmail, input, user, sentAt: now }),
      now,
    );
  });
