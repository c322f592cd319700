import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The API's requests are logged at info; the web app's files and pages only at debug. */
const isApi = (request: FastifyRequest) =>
  request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');

/**
 * One log line per request: method, the route's pattern, status and time. Fastify's own
 * request logging is off (app.ts): it logs the raw URL, and a URL's path and query hold
 * patient keys and search text (fragments of patient names). A page load fetches a dozen
 * static files: those lines are at debug (LOG_LEVEL=debug shows them), unless one fails.
 * The database pool's own events (a lost connection) go through the same logger.
 */
const requestLog = (app: FastifyInstance) => {
  app.portal.database.useLogger(app.log);
  app.addHook('onResponse', (request, reply, done) => {
    const fields = {
      method: request.method,
      // Unmatched URLs (404s) are not logged either: they are whatever the client typed.
      route: request.routeOptions.url ?? '(no route)',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (isApi(request) || reply.statusCode >= 500) {
      request.log.info(fields, 'request');
    } else {
      request.log.debug(fields, 'request');
    }
    done();
  });
};

export default fp(requestLog, { name: 'request-log' });
