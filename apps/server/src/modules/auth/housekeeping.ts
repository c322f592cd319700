import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { prunePasskeyCeremonies } from '../mfa/passkey-repository';
import { pruneEmailChanges } from '../profile/repository';
import { pruneAttempts } from './rate-limit';
import { pruneResetTokens } from './repository';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Deletes rows no rule reads any more. Sessions stay a week past their end for support questions. */
export const pruneAuthTables = async (app: FastifyInstance) => {
  const { db } = app.portal.database;
  const now = app.clock();
  await pruneAttempts(db, now);
  await pruneResetTokens(db, now - DAY);
  await pruneEmailChanges(db, now);
  // Sign-ins that never gave their second factor, a day after they lapsed.
  // Passkey prompts first: a sign-in's prompt belongs to its challenge.
  await prunePasskeyCeremonies(db, now - DAY);
  await db
    .deleteFrom('login_challenges')
    .where('expires_at', '<', now - DAY)
    .execute();
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', now - 7 * DAY),
        eb('revoked_at', '<', now - 7 * DAY),
        eb('last_seen_at', '<', now - 7 * DAY),
      ]),
    )
    .execute();
};

const housekeeping = (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      pruneAuthTables(app).catch((error: unknown) => {
        app.log.error({ err: error }, 'auth housekeeping failed');
      });
    }, HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
};

export default fp(housekeeping, { name: 'auth-housekeeping' });
