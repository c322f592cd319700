import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One log line per request: method, the route's pattern, status and time. Fastify's own
 * request logging is off (app.ts): it logs the raw URL, and a URL's path and query hold
 * patient keys and search text (fragments of patient names).
 */
const requestLog = (app: FastifyInstance) => {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        // Unmatched URLs (404s) are not logged either: they are whatever the client typed.
        route: request.routeOptions.url ?? '(no route)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
};

export default fp(requestLog, { name: 'request-log' });
