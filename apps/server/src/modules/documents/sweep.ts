import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TDocumentStorage } from '../../storage';
import { knownStorageKeys } from './repository';

/** Older than any upload in flight could be (requests are cut off after REQUEST_TIMEOUT_MS). */
export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes what a process killed mid-upload (SIGKILL, power loss) left behind: staging
 * files, and stored objects no document row names. Only things older than an hour are
 * touched, so uploads other processes are running right now are never disturbed.
 */
export const sweepDocumentStorage = async (
  db: Kysely<Database>,
  storage: TDocumentStorage,
  now: number,
) => {
  const cutoff = now - SWEEP_MIN_AGE_MS;
  let staging = 0;
  for (const name of await readdir(storage.stagingDir)) {
    const file = path.join(storage.stagingDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < cutoff) {
      await rm(file, { force: true });
      staging += 1;
    }
  }
  let orphans = 0;
  let batch: string[] = [];
  const flush = async () => {
    const known = await knownStorageKeys(db, batch);
    for (const key of batch.filter((candidate) => !known.has(candidate))) {
      await storage.remove(key);
      orphans += 1;
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    if (object.modifiedAt < cutoff) {
      batch.push(object.key);
    }
    if (batch.length >= 500) {
      await flush();
    }
  }
  await flush();
  return { staging, orphans };
};
