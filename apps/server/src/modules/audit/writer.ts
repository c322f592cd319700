import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema';
import { insertAuditEntries } from './repository';

type TAuditRow = Insertable<AuditLogTable>;

type TPending = { row: TAuditRow; resolve: () => void; reject: (error: unknown) => void };

/** Rows per INSERT: 7 parameters each, far below every dialect's limit. */
const MAX_BATCH = 200;

export type TAuditWriter = {
  /** Resolves once the row is committed; rejects if it could not be written. */
  write: (row: TAuditRow) => Promise<void>;
  /** Resolves when nothing is queued or being written (for a clean close). */
  idle: () => Promise<void>;
  /** INSERT statements and rows written so far: what the batching saved, for tests. */
  readonly stats: { statements: number; rows: number };
};

/**
 * Group commit for the audit trail. Every read of patient data writes a row, and on
 * SQLite a row committed alone cost more than the list read it records (each commit
 * writes the table's and its five indexes' pages to the WAL; 16 rows in one commit
 * cost an eighth as much per row). Rows written in the same turn of the event loop,
 * or while an earlier INSERT is still on its way, go out together in one statement.
 *
 * Nothing answered is lost: `write` resolves only after the row's INSERT committed, and
 * callers await it before they reply, as they did with an INSERT of their own. A batch
 * that fails is retried row by row, so one bad row fails its own request only.
 */
export const createAuditWriter = (database: () => Kysely<Database>): TAuditWriter => {
  let queue: TPending[] = [];
  let draining: Promise<void> | undefined;
  const stats = { statements: 0, rows: 0 };

  const insert = async (batch: TPending[]) => {
    stats.statements += 1;
    await insertAuditEntries(
      database(),
      batch.map((pending) => pending.row),
    );
    stats.rows += batch.length;
  };

  const writeBatch = async (batch: TPending[]) => {
    try {
      await insert(batch);
      batch.forEach((pending) => pending.resolve());
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) {
        await writeBatch([pending]);
      }
    }
  };

  const drain = async () => {
    // Waits one turn of the event loop, so the rows of requests arriving together
    // share a statement; the check and the reset below run without a pause between
    // them, so a row queued at any moment is either taken or starts a new drain.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (;;) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      if (batch.length === 0) {
        draining = undefined;
        return;
      }
      await writeBatch(batch);
    }
  };

  return {
    write: (row) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        draining ??= drain();
      }),
    idle: async () => {
      while (draining) {
        await draining;
      }
    },
    stats,
  };
};
