import type { TPortalDatabase } from '../../db/database';
import {
  createBatchedReads,
  createDirectReads,
  padded,
  type TBatchedReads,
} from '../../lib/batched-reads';
import {
  findSessionsWithUsers,
  findSessionWithUser,
  sessionWithUserFrom,
  type TSessionWithUser,
} from './session-repository';

/** The most sessions one statement reads; more waiting go out in further statements. */
const MAX_BATCH = 64;

/** `read(sessionId)`: the session and its user as stored now, or undefined when either is gone. */
export type TSessionReader = TBatchedReads<string, TSessionWithUser>;

/**
 * The session read of every signed-in request. On MariaDB and PostgreSQL each read is a
 * round trip, which cost the portal more than all else a check-auth does
 * (docs/benchmarks.md); the reads of requests that arrive in the same turn of the event
 * loop go out as one statement instead (lib/batched-reads.ts), as the audit rows of
 * concurrent requests do. Each read still runs after its request arrived, so a revocation
 * committed before it is seen, and each request gets objects of its own. On SQLite a read
 * is a call inside the process, made at once.
 */
export const createSessionReader = (database: TPortalDatabase): TSessionReader => {
  const { db } = database;
  if (database.dialect === 'sqlite') {
    return createDirectReads((sessionId: string) => findSessionWithUser(db, sessionId));
  }
  return createBatchedReads({
    readMany: (ids: readonly string[]) => findSessionsWithUsers(db, padded(ids)),
    each: (values) => values && sessionWithUserFrom(values),
    maxBatch: MAX_BATCH,
  });
};
