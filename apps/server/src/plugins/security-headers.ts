import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Helmet's security headers, computed once at startup and set on every response.
 *
 * @fastify/helmet builds its middleware from the options again on every request
 * (CSP directives parsed and validated, names dashed), a measurable share of a
 * trivial API call (tools/bench/api.ts). Our policy is the same for every response,
 * so the headers helmet sends are read once, from a throwaway app with the plugin
 * registered on exactly these options, and then written in one hook. The policy
 * stays helmet's: the same options give the same header set.
 *
 * The headers go onto the reply in onRequest, as helmet's did: they stay on error answers,
 * and a route that sets its own (the API docs' CSP) still overrides them. Not onto the raw
 * response as helmet puts them: node's setHeader validates and files each header again on
 * every request, and a header set there first sends the reply's own through the same path
 * (writeHead's slow case); about 4 µs of the portal's 37 per check-auth went there
 * (docs/benchmarks.md, session 13).
 */

/** The headers a bare route answers with, with and without helmet: helmet's are the difference. */
const probeHeaders = async (options?: FastifyHelmetOptions) => {
  const probe = Fastify({ logger: false });
  if (options) {
    await probe.register(fastifyHelmet, options);
  }
  probe.get('/', () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return response.headers;
};

export const helmetHeaders = async (options: FastifyHelmetOptions): Promise<[string, string][]> => {
  const plain = await probeHeaders();
  const withHelmet = await probeHeaders(options);
  return Object.entries(withHelmet)
    .filter(([name]) => !(name in plain))
    .map(([name, value]) => [name, String(value)]);
};

const securityHeaders = async (app: FastifyInstance, options: FastifyHelmetOptions) => {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) {
      void reply.header(name, value);
    }
    done();
  });
};

export default fp(securityHeaders, { name: 'security-headers' });
