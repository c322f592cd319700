import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TClock } from '../lib/clock';
import { claimDueMail, markMailFailed, markMailSent } from './outbox';
import type { TMailTransport } from './transport';

type TLog = { error: (object: unknown, message: string) => void };

export type TDeliveryOptions = {
  db: Kysely<Database>;
  transport: TMailTransport;
  from: string;
  now: number;
  log: TLog;
};

/** Sends every due mail once; failures are rescheduled with back-off, never dropped. */
export const deliverDueMail = async (options: TDeliveryOptions) => {
  const { db, transport, now } = options;
  let sent = 0;
  let failed = 0;
  for (const row of await claimDueMail(db, now)) {
    try {
      await transport.send({
        id: row.id,
        from: options.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
      });
      await markMailSent(db, row.id, now);
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log.error({ err: error, mailId: row.id }, 'mail delivery failed; will retry');
      await markMailFailed(db, row, message, now);
      failed += 1;
    }
  }
  return { sent, failed };
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
