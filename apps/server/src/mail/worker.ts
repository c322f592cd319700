import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TClock } from '../lib/clock';
import { claimDueMail, markMailBounced, markMailFailed, markMailSent } from './outbox';
import type { TMailTransport } from './transport';

type TLog = { error: (object: unknown, message: string) => void };

export type TDeliveryOptions = {
  db: Kysely<Database>;
  transport: TMailTransport;
  from: string;
  now: number;
  log: TLog;
};

/** Whether the mail server refused for good: a 5xx reply (nodemailer's responseCode). */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

const headersOf = (stored: string | null): Record<string, string> | undefined => {
  if (!stored) {
    return undefined;
  }
  try {
    return JSON.parse(stored) as Record<string, string>;
  } catch {
    return undefined;
  }
};

/**
 * Sends every due mail once; failures are rescheduled with back-off, never dropped. A mail
 * the server refuses for good (5xx) is marked bounced instead of retried forever.
 */
export const deliverDueMail = async (options: TDeliveryOptions) => {
  const { db, transport, now } = options;
  let sent = 0;
  let failed = 0;
  let bounced = 0;
  for (const row of await claimDueMail(db, now)) {
    try {
      await transport.send({
        id: row.id,
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
        headers: headersOf(row.headers),
      });
      await markMailSent(db, row.id, now);
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isPermanent(error)) {
        options.log.error(
          { err: error, mailId: row.id },
          'mail refused by the server; not retried',
        );
        await markMailBounced(db, row, message, now);
        bounced += 1;
        continue;
      }
      options.log.error({ err: error, mailId: row.id }, 'mail delivery failed; will retry');
      await markMailFailed(db, row, message, now);
      failed += 1;
    }
  }
  return { sent, failed, bounced };
};

export type TMailWorker = {
  /** Delivers soon (after a commit that queued mail), without waiting for the next poll. */
  wake: () => void;
  /** Delivers everything due now and resolves when done. */
  flush: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Polls the outbox; one delivery pass at a time per process. */
export const startMailWorker = (
  options: Omit<TDeliveryOptions, 'now'> & { clock: TClock; intervalMs: number },
): TMailWorker => {
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = async () => {
    try {
      await deliverDueMail({ ...options, now: options.clock() });
    } catch (error) {
      options.log.error({ err: error }, 'mail outbox pass failed');
    }
  };
  const run = async (): Promise<void> => {
    while (running) {
      await running;
    }
    if (stopped) {
      return;
    }
    running = pass().finally(() => {
      running = undefined;
    });
    await running;
  };
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  return {
    wake: () => void run(),
    flush: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      options.transport.close();
    },
  };
};
