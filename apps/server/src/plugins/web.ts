import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built single-page app. Any GET that is not /api and not a file
 * gets index.html so the client router can take it; /api stays JSON 404.
 */
export const registerWeb = async (app: FastifyInstance, webDist: string) => {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`web build not found at ${webDist}; serving the API only`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders: (reply, file) => {
      // Vite fingerprints assets, so they never change; index.html must always be re-checked.
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      void reply.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      reply.callNotFound();
      return reply;
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
};
