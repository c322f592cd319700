import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every API answer carries Cache-Control: no-store: most hold patient or user data, and
 * neither the browser nor a proxy may keep a copy on disk. The web app's static files
 * (plugins/web.ts) keep their own caching headers.
 */
const noStore = (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.url === '/api' ||
      request.url.startsWith('/api/') ||
      request.url.startsWith('/api?')
    ) {
      void reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
};

export default fp(noStore, { name: 'no-store' });
