import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailTransport } from './transport';
import { startMailWorker, type TMailWorker } from './worker';

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    mail: Pick<TMailWorker, 'wake' | 'flush'>;
  }
}

const POLL_INTERVAL_MS = 5_000;

/** The outbox worker runs while the app does: started on ready, drained and stopped on close. */
const mail = (app: FastifyInstance) => {
  let worker: TMailWorker | undefined;
  app.decorate('mail', {
    wake: () => worker?.wake(),
    flush: async () => worker?.flush(),
  });
  app.addHook('onReady', async () => {
    const { config } = app.portal;
    worker = startMailWorker({
      db: app.portal.database.db,
      transport: createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      from: config.mailFrom,
      clock: app.clock,
      log: app.log,
      intervalMs: POLL_INTERVAL_MS,
    });
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
};

export default fp(mail, { name: 'mail' });
