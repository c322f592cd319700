import type { TPortalDatabase } from '../../db/database';
import {
  findSessionsWithUsers,
  findSessionWithUser,
  sessionWithUserFrom,
  type TSessionWithUser,
} from './session-repository';

/** The most sessions one statement reads; more waiting go out in further statements. */
const MAX_BATCH = 64;

type TWaiter = {
  resolve: (found: TSessionWithUser | undefined) => void;
  reject: (error: unknown) => void;
};

export type TSessionReader = {
  /** The session and its user as stored now, or undefined when either is gone. */
  read: (sessionId: string) => Promise<TSessionWithUser | undefined>;
  /** Statements sent and reads answered so far: what the batching saved, for tests. */
  readonly stats: { statements: number; reads: number };
};

/**
 * A batch's ids padded with repeats to the next power of two, so that the statement is
 * prepared for seven lengths at most, not for every count of requests that arrive together.
 */
const padded = (ids: readonly string[]) => {
  let length = 1;
  while (length < ids.length) {
    length *= 2;
  }
  return [...ids, ...Array.from({ length: length - ids.length }, () => ids[0] ?? '')];
};

/**
 * The session read of every signed-in request. On MariaDB and PostgreSQL each read is a
 * round trip, which cost the portal more than all else a check-auth does
 * (docs/benchmarks.md); the reads of requests that arrive in the same turn of the event
 * loop go out as one statement instead, as the audit rows of concurrent requests do. Each
 * read still runs after its request arrived, so a revocation committed before it is seen,
 * and each request gets objects of its own. On SQLite a read is a call inside the process,
 * made at once.
 */
export const createSessionReader = (database: TPortalDatabase): TSessionReader => {
  const { db } = database;
  const stats = { statements: 0, reads: 0 };
  if (database.dialect === 'sqlite') {
    return {
      read: (sessionId) => {
        stats.statements += 1;
        stats.reads += 1;
        return findSessionWithUser(db, sessionId);
      },
      stats,
    };
  }

  let waiting = new Map<string, TWaiter[]>();
  let scheduled = false;

  const readBatch = async (ids: readonly string[], batch: Map<string, TWaiter[]>) => {
    const waitersOf = (id: string) => batch.get(id) ?? [];
    try {
      stats.statements += 1;
      const rows = await findSessionsWithUsers(db, padded(ids));
      for (const id of ids) {
        const values = rows.get(id);
        for (const waiter of waitersOf(id)) {
          waiter.resolve(values && sessionWithUserFrom(values));
        }
      }
    } catch (error) {
      for (const id of ids) {
        waitersOf(id).forEach((waiter) => waiter.reject(error));
      }
    }
  };

  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    const ids = [...batch.keys()];
    for (let at = 0; at < ids.length; at += MAX_BATCH) {
      void readBatch(ids.slice(at, at + MAX_BATCH), batch);
    }
  };

  return {
    read: (sessionId) =>
      new Promise((resolve, reject) => {
        stats.reads += 1;
        const waiters = waiting.get(sessionId);
        if (waiters) {
          waiters.push({ resolve, reject });
        } else {
          waiting.set(sessionId, [{ resolve, reject }]);
        }
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      }),
    stats,
  };
};
