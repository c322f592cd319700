import type { TPortalDatabase } from '../../db/database';
import { createBatchedReads, padded, type TBatchedReads } from '../../lib/batched-reads';
import {
  findSessionsWithUsers,
  sessionWithUserFrom,
  type TSessionWithUser,
} from './session-repository';

/** The most sessions one statement reads; more waiting go out in further statements. */
const MAX_BATCH = 64;

/** `read(sessionId)`: the session and its user as stored now, or undefined when either is gone. */
export type TSessionReader = TBatchedReads<string, TSessionWithUser>;

/**
 * The session read of every signed-in request. The reads of requests that arrive in the same
 * turn of the event loop go out as one statement (lib/batched-reads.ts), as the audit rows of
 * concurrent requests do: on MariaDB and PostgreSQL each statement is a round trip, which cost
 * the portal more than all else a check-auth does; on SQLite each is a read transaction, whose
 * WAL lock is taken and released with two fcntl calls, and one read per request cost about
 * three times what a batch of 16 costs per session (docs/benchmarks.md, session 13). Each read
 * still runs after its request arrived, so a revocation committed before it is seen, and each
 * request gets objects of its own.
 */
export const createSessionReader = (database: TPortalDatabase): TSessionReader => {
  const { db } = database;
  return createBatchedReads({
    readMany: (ids: readonly string[]) => findSessionsWithUsers(db, padded(ids)),
    each: (values) => values && sessionWithUserFrom(values),
    maxBatch: MAX_BATCH,
  });
};
