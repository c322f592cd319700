import type { TContactMessageInput } from '@portal/domain/contact';
import type { TMailMessage } from '../../mail/outbox';
import type { TUserRow } from '../users/repository';

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F]+/g;

/**
 * One line of header text. The schema already refuses line breaks in name and subject; this
 * is the second lock on the door, so a future caller that skips the schema still cannot start
 * a header of its own.
 */
export const headerSafe = (value: string) => value.replace(CONTROL_OR_BREAK, ' ').trim();

/**
 * The mail to support. Plain text only: the sender's words are never HTML. The sender's name
 * and address go in the body, not in From or Reply-To, so nothing they type becomes a header
 * but the subject line.
 */
export const contactMail = (options: {
  to: string;
  input: TContactMessageInput;
  user: Pick<TUserRow, 'id' | 'email' | 'role'>;
  sentAt: number;
}): TMailMessage => {
  const { input, user } = options;
  return {
    to: options.to,
    subject: headerSafe(`Contact Support: ${input.subject}`).slice(0, 200),
    text: [
      'A message was sent through Contact Support in the Supplier Portal.',
      '',
      `From: ${headerSafe(input.name)} <${headerSafe(input.email)}>`,
      `Account: ${user.email} (user ${user.id}, role ${user.role})`,
      `Sent: ${new Date(options.sentAt).toISOString()}`,
      `Subject: ${headerSafe(input.subject)}`,
      '',
      input.message,
      '',
      '--',
      `Reply to ${headerSafe(input.email)} within 1 business day.`,
    ].join('\n'),
  };
};
