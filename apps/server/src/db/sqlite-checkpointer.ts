import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/**
 * SQLite copies its write-ahead log back into the database file (a checkpoint) on the
 * connection whose commit took the log past 1,000 pages, inside that commit. A sync's move
 * of the changed rows writes tens of thousands of pages: at 110k patients the patients', the
 * history's and the orders' commits each spent 0.5 to 1.2 s checkpointing, on the portal's
 * one thread, before the next mapping could start. Here the process's connections to a file
 * do not checkpoint at all; a worker thread with a connection of its own checkpoints the log
 * (PASSIVE: it never waits for, nor holds up, a reader or a writer) on a timer and when a
 * connection asks after a large commit, on the other core, while the sync goes on.
 *
 * One worker per file, shared by the connections that acquire it, ended when the last one
 * releases it. If the worker cannot run, its connections go back to SQLite's own
 * checkpoints, so the log never grows without bound.
 */

/** How often the worker checkpoints when no one asks. */
const CHECKPOINT_INTERVAL_MS = 1000;

/** The log's file is cut back to this size when it starts over (it keeps its largest size otherwise). */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

/** SQLite's own threshold, put back if the worker fails. */
const DEFAULT_AUTOCHECKPOINT = 1000;

const requireModule = createRequire(import.meta.url);

/**
 * The worker's code, plain CommonJS evaluated in the thread (no TypeScript loader there,
 * built or not). It opens the file through the same better-sqlite3 the portal loaded.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ checkpointed: result.checkpointed, log: result.log });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    checkpoint();
  } else if (message === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

/** What the worker reports after each checkpoint (frames in the log, frames copied back). */
export type TCheckpointReport = { checkpointed: number; log: number } | { error: string };

type TEntry = {
  worker: Worker;
  /** Each connection, with where its owner logs (the portal's logger), told if the worker fails. */
  connections: Map<SqliteDatabase.Database, (message: string) => void>;
  listeners: Set<(report: TCheckpointReport) => void>;
  failed: boolean;
};

const entries = new Map<string, TEntry>();

const fallBack = (entry: TEntry, reason: string) => {
  const first = !entry.failed;
  entry.failed = true;
  for (const [connection, warn] of entry.connections) {
    if (first) {
      warn(`SQLite checkpoints went back to the writers' commits: ${reason}`);
    }
    if (connection.open) {
      connection.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
    }
  }
};

const startWorker = (file: string): TEntry => {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: requireModule.resolve('better-sqlite3'),
      intervalMs: CHECKPOINT_INTERVAL_MS,
    },
  });
  // The worker never keeps the process alive by itself.
  worker.unref();
  const entry: TEntry = {
    worker,
    connections: new Map(),
    listeners: new Set(),
    failed: false,
  };
  worker.on('message', (report: TCheckpointReport) => {
    for (const listener of entry.listeners) {
      listener(report);
    }
  });
  worker.on('error', (error) => {
    fallBack(entry, error.message);
  });
  worker.on('exit', () => {
    if (entries.get(file) === entry) {
      entries.delete(file);
      if (entry.connections.size > 0) {
        fallBack(entry, 'the checkpoint worker ended');
      }
    }
  });
  return entry;
};

export type TCheckpointer = {
  /** Asks for a checkpoint now (after a commit that wrote much); it runs in the worker. */
  request: () => void;
  /** Called with each checkpoint's outcome until released (tests, diagnostics). */
  onReport: (listener: (report: TCheckpointReport) => void) => () => void;
  /** This connection no longer needs the worker; the last one out ends it. */
  release: () => Promise<void>;
};

/**
 * Hands the checkpoints of `connection` (a file in WAL mode) to the file's worker. In-memory
 * and temporary databases have no log to checkpoint: nothing changes for them.
 */
export const acquireCheckpointer = (
  connection: SqliteDatabase.Database,
  file: string,
  warn: (message: string) => void = () => undefined,
): TCheckpointer => {
  if (connection.memory || file === '' || file === ':memory:') {
    return { request: () => undefined, onReport: () => () => undefined, release: async () => {} };
  }
  const key = path.resolve(file);
  const entry = entries.get(key) ?? startWorker(key);
  entries.set(key, entry);
  entry.connections.set(connection, warn);
  connection.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  connection.pragma(`wal_autocheckpoint = ${entry.failed ? DEFAULT_AUTOCHECKPOINT : 0}`);
  // The log reaches the disk at each checkpoint (in WAL mode, NORMAL syncs there), not at
  // each commit: a sync loader's connection had SQLite's default FULL, and its commits
  // waited on a sync of the log (22 -> 17-19 s of an incremental run at 110k patients). A
  // commit lost to a power cut takes its high-water mark with it: the next run redoes it.
  connection.pragma('synchronous = NORMAL');
  let released = false;
  return {
    request: () => {
      if (!entry.failed && !released) {
        entry.worker.postMessage('checkpoint');
      }
    },
    onReport: (listener) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    release: async () => {
      if (released) {
        return;
      }
      released = true;
      entry.connections.delete(connection);
      if (entry.connections.size > 0 || entries.get(key) !== entry) {
        return;
      }
      entries.delete(key);
      const exited = new Promise((resolve) => entry.worker.once('exit', resolve));
      // Waited for: an unreferenced worker's exit would not keep the process up to see it.
      entry.worker.ref();
      entry.worker.postMessage('close');
      await exited;
    },
  };
};
