import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { jwtSecretsOf } from '../../lib/secrets';
import type { TAuditEntry } from '../../plugins/audit';

/** What the auth services need from the app and the request, so they stay plain functions. */
export type TAuthContext = {
  db: Kysely<Database>;
  clock: TClock;
  /** Signs new tokens. */
  jwtSecret: string;
  /** Verify tokens: jwtSecret first, then secrets being rotated away (lib/secrets.ts). */
  jwtSecrets: readonly string[];
  appOrigin: string;
  ip: string;
  userAgent: string | null;
  audit: (entry: TAuditEntry) => Promise<void>;
  /** Tells the mail worker that a committed transaction queued mail. */
  wakeMail: () => void;
};

export const authContext = (app: FastifyInstance, request: FastifyRequest): TAuthContext => ({
  db: app.portal.database.db,
  clock: app.clock,
  jwtSecret: app.portal.secrets.jwt_secret,
  jwtSecrets: jwtSecretsOf(app.portal.secrets),
  appOrigin: app.portal.config.appOrigin,
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
  audit: (entry) => app.audit(request, entry),
  wakeMail: () => app.mail.wake(),
});
