import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config';
import type { TPortalDatabase } from './db/database';
import type { TSecrets } from './lib/secrets';
import { healthRoutes } from './modules/health/routes';
import errors from './plugins/errors';
import gracefulClose from './plugins/graceful-close';
import { registerWeb } from './plugins/web';

export type TPortal = {
  config: TConfig;
  secrets: TSecrets;
  database: TPortalDatabase;
};

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    portal: TPortal;
  }
}

export type TBuildOptions = TPortal & { logger?: boolean };

/** Builds the app: external plugins, then the portal's own plugins, then the route modules. */
export const buildApp = async (options: TBuildOptions) => {
  const { config, secrets, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'req.headers["x-csrf-token"]',
            ],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Request ids appear in logs so a support ticket can be matched to its request.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('portal', { config, secrets, database });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.appOrigin.startsWith('https://'),
  });
  await app.register(fastifyCookie, { secret: secrets.cookie_secret });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Supplier portal API', version: '1.0.0' },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(errors);
  await app.register(gracefulClose);

  await app.register(healthRoutes, { prefix: '/api' });

  await registerWeb(app, config.webDist);
  return app;
};
