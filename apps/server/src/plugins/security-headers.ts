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
 * Like helmet, the headers go onto the raw response in onRequest: they stay on error
 * answers, and a route that sets its own (the API docs' CSP) still overrides them.
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
      reply.raw.setHeader(name, value);
    }
    done();
  });
};

export default fp(securityHeaders, { name: 'security-headers' });
