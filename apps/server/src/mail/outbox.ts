import type { Kysely, Selectable } from 'kysely';
import { dialectOfDb } from '../db/database';
import type { Database, MailOutboxTable } from '../db/schema';

export type TOutboxRow = Selectable<MailOutboxTable>;

export type TMailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is, for the admin's figures: 'notification', or none. */
  kind?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
};

const MINUTE = 60_000;

/** A claimed row is left alone by other workers this long, then reclaimed. */
export const CLAIM_LEASE_MS = 2 * MINUTE;

/** 10 s, 20 s, 40 s ... capped at 15 minutes: a mail server outage delays mail, never drops it. */
export const retryDelayMs = (attempts: number) =>
  Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 15 * MINUTE);

const outboxRow = (message: TMailMessage, now: number) => ({
  created_at: now,
  to_address: message.to,
  subject: message.subject,
  text_body: message.text,
  html_body: message.html ?? null,
  next_attempt_at: now,
  kind: message.kind ?? null,
  headers: message.headers ? JSON.stringify(message.headers) : null,
});

/** Queues a mail; call it inside the transaction that makes the mail true. */
export const enqueueMail = (db: Kysely<Database>, message: TMailMessage, now: number) =>
  db.insertInto('mail_outbox').values(outboxRow(message, now)).execute();

/** Queues a mail and answers its id (MariaDB has no RETURNING: its insertId instead). */
export const enqueueMailWithId = async (
  db: Kysely<Database>,
  message: TMailMessage,
  now: number,
): Promise<number> => {
  const insert = db.insertInto('mail_outbox').values(outboxRow(message, now));
  if (dialectOfDb(db) === 'mysql') {
    const result = await insert.executeTakeFirstOrThrow();
    return Number(result.insertId);
  }
  const row = await insert.returning('id').executeTakeFirstOrThrow();
  return row.id;
};

/**
 * Claims up to `limit` due mails for this worker. Each claim is a conditional update, so
 * when several processes poll at once every mail goes to exactly one of them.
 */
export const claimDueMail = async (
  db: Kysely<Database>,
  now: number,
  limit = 20,
): Promise<TOutboxRow[]> => {
  const due = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('bounced_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed: TOutboxRow[] = [];
  for (const row of due) {
    const result = await db
      .updateTable('mail_outbox')
      .set({ locked_until: now + CLAIM_LEASE_MS })
      .where('id', '=', row.id)
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    if (result.numUpdatedRows === 1n) {
      claimed.push(row);
    }
  }
  return claimed;
};

/**
 * Marks a mail sent and drops its body: a reset link is a credential for an hour, so once
 * delivered only the envelope stays in the database.
 */
export const markMailSent = (db: Kysely<Database>, id: number, now: number) =>
  db
    .updateTable('mail_outbox')
    .set({ sent_at: now, locked_until: null, text_body: '', html_body: null, last_error: null })
    .where('id', '=', id)
    .execute();

export const markMailFailed = (
  db: Kysely<Database>,
  row: Pick<TOutboxRow, 'id' | 'attempts'>,
  error: string,
  now: number,
) => {
  const attempts = row.attempts + 1;
  return db
    .updateTable('mail_outbox')
    .set({
      attempts,
      next_attempt_at: now + retryDelayMs(attempts),
      locked_until: null,
      last_error: error.slice(0, 1000),
    })
    .where('id', '=', row.id)
    .execute();
};

/**
 * The mail server refused the mail for good (an SMTP 5xx: no such mailbox, policy): it is
 * not retried, and the admin's figures count it as bounced.
 */
export const markMailBounced = (
  db: Kysely<Database>,
  row: Pick<TOutboxRow, 'id' | 'attempts'>,
  error: string,
  now: number,
) =>
  db
    .updateTable('mail_outbox')
    .set({
      attempts: row.attempts + 1,
      bounced_at: now,
      locked_until: null,
      text_body: '',
      html_body: null,
      last_error: error.slice(0, 1000),
    })
    .where('id', '=', row.id)
    .execute();
