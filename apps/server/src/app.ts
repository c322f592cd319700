import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config';
import type { TPortalDatabase } from './db/database';
import { systemClock, type TClock } from './lib/clock';
import { cookieSecretsOf, type TSecrets } from './lib/secrets';
import { capConnectionsPerAddress } from './lib/connection-limits';
import { believeOnlyAddresses, fastifyTrustProxy, listedProxy } from './lib/trust-proxy';
import mail from './mail/plugin';
import authHousekeeping from './modules/auth/housekeeping';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { healthRoutes } from './modules/health/routes';
import audit from './plugins/audit';
import auth from './plugins/auth';
import errors, { frameworkErrors } from './plugins/errors';
import gracefulClose from './plugins/graceful-close';
import noStore from './plugins/no-store';
import { registerApiDocs } from './plugins/openapi';
import requestLog from './plugins/request-log';
import { responseSerializerCompiler } from './plugins/response-serializer';
import securityHeaders from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import { patientsModuleRoutes } from './modules/patients/routes';
import { preferencesRoutes } from './modules/preferences/routes';
import { documentsModule } from './modules/documents/plugin';
import dataSyncModule from './modules/data-sync/plugin';
import { adminDocsRoutes } from './modules/admin-docs/routes';
import { adminUserRoutes } from './modules/admin-users/routes';
import { portalActivationRoutes } from './modules/portal-activation/routes';
import { analyticsModule } from './modules/analytics/plugin';
import { contactRoutes } from './modules/contact/routes';
import { profileRoutes } from './modules/profile/routes';
import { worklistRoutes } from './modules/worklist/routes';
import notifications from './modules/notifications/plugin';
import { mfaAdminRoutes } from './modules/mfa/admin-routes';
import { mfaRoutes } from './modules/mfa/routes';

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
    /** The time every rule reads; tests pass their own clock to buildApp. */
    clock: TClock;
  }
}

export type TBuildOptions = TPortal & {
  logger?: boolean;
  /** Where log lines go instead of stdout, e.g. for a test to read them. */
  logStream?: { write: (line: string) => void };
  clock?: TClock;
  /**
   * Encode every answer with zod as well and fail it when the compiled serializer wrote
   * other JSON (plugins/response-serializer.ts); the API tests turn it on.
   */
  checkResponses?: boolean;
};

/** Builds the app: external plugins, then the portal's own plugins, then the route modules. */
export const buildApp = async (options: TBuildOptions) => {
  const { config, secrets, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'req.headers["x-csrf-token"]',
            ],
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A client that sends its request slowly (a byte every few seconds) is cut off with a
    // 408 once the request has taken this long, so slow clients cannot hold connections.
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Headers are small: a client still sending them after this long is stalling.
      headersTimeout: config.headersTimeoutMs,
      // Node looks for overdue requests at this interval (30 s by default), so a short
      // timeout would otherwise be overshot by up to half a minute; at most a second late.
      connectionsCheckingInterval: Math.min(1_000, Math.max(100, config.headersTimeoutMs / 10)),
    },
    // Fastify's request lines carry the raw URL, search text included (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    // Request ids appear in logs so a support ticket can be matched to its request.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  // Each connection holds an open file; past the limit the process could open neither
  // database connections nor files, so further connections are refused instead.
  app.server.maxConnections = config.maxConnections;
  if (config.maxConnectionsPerAddress > 0) {
    capConnectionsPerAddress(app.server, {
      max: config.maxConnectionsPerAddress,
      exempt: listedProxy(config.trustProxy),
    });
  }
  if (config.trustProxy !== false) {
    // First of all hooks, so every reader of request.ip sees the sanitized address.
    app.addHook('onRequest', believeOnlyAddresses);
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: options.checkResponses ?? false }));
  app.decorate('portal', { config, secrets, database });
  app.decorate('clock', options.clock ?? systemClock);

  // Helmet's headers, computed once from these options (plugins/security-headers.ts).
  await app.register(securityHeaders, {
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
  // The first secret signs; a previous one still unsigns during a rotation (lib/secrets.ts).
  await app.register(fastifyCookie, { secret: cookieSecretsOf(secrets) });
  if (config.apiDocs) {
    await registerApiDocs(app);
  }

  await app.register(errors);
  await app.register(noStore);
  await app.register(requestLog);
  await app.register(gracefulClose);
  await app.register(audit);
  await app.register(auth);
  await app.register(mail);
  await app.register(authHousekeeping);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(invitationRoutes, { prefix: '/api' });
  await app.register(patientsModuleRoutes, { prefix: '/api' });
  await app.register(worklistRoutes, { prefix: '/api' });
  await app.register(preferencesRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(mfaRoutes, { prefix: '/api' });
  await app.register(mfaAdminRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(documentsModule);
  await app.register(dataSyncModule, { prefix: '/api' });
  await app.register(adminDocsRoutes, { prefix: '/api' });
  await app.register(adminUserRoutes, { prefix: '/api' });
  await app.register(portalActivationRoutes, { prefix: '/api' });
  await app.register(analyticsModule);
  await app.register(notifications);

  await registerWeb(app, { webDist: config.webDist, sourceMaps: config.sourceMaps });
  return app;
};
