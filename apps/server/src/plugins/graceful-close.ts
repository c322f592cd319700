import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the app closes, responses to in-flight requests carry `Connection: close`,
 * so their keep-alive sockets end with them instead of holding the close open
 * for the whole keep-alive timeout.
 */
const gracefulClose = (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  // A callback hook, not an async one: it runs on every answer, and a promise per
  // answer is measurable on the cheapest routes (tools/bench/api.ts).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) {
      void reply.header('connection', 'close');
    }
    done(null, payload);
  });
};

export default fp(gracefulClose, { name: 'graceful-close' });
