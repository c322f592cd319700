import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDocumentStorage, type TDocumentStorage } from '../../storage';
import { documentRoutes } from './routes';
import { sweepDocumentStorage } from './sweep';

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Where document bytes live (STORAGE_URL); tests may wrap its methods to inject faults. */
    documentStorage: TDocumentStorage;
  }
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Documents (issue 13): the storage, its hourly sweep, and the routes under /api. The
 * storage is decorated on the root so tests and other modules can reach it; multipart
 * parsing stays inside the document routes.
 */
const documents = async (app: FastifyInstance) => {
  const { config } = app.portal;
  app.decorate(
    'documentStorage',
    await createDocumentStorage({ storageUrl: config.storageUrl, dataDir: config.dataDir }),
  );

  const sweep = async () => {
    try {
      // File times are the real clock's, whatever clock the rules read.
      const swept = await sweepDocumentStorage(
        app.portal.database.db,
        app.documentStorage,
        Date.now(),
      );
      if (swept.staging + swept.orphans > 0) {
        app.log.info(swept, 'removed leftovers of interrupted uploads');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'document storage sweep failed; next try in an hour');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await app.documentStorage.close();
  });

  await app.register(documentRoutes, { prefix: '/api' });
};

export const documentsModule = fp(documents, {
  name: 'documents',
  dependencies: ['audit', 'auth'],
});
