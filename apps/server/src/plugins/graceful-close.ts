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
  app.addHook('onSend', async (_request, reply) => {
    if (closing) {
      void reply.header('connection', 'close');
    }
  });
};

export default fp(gracefulClose, { name: 'graceful-close' });
