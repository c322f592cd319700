import type { Readable } from 'node:stream';

/** One stored object: its key (a random id, never a file name) and when it was written. */
export type TStoredObject = { key: string; modifiedAt: number };

/**
 * Where document bytes live: on disk under $DATA_DIR/uploads (the embedded default) or in
 * an S3-compatible bucket that several portal processes share. Uploads are first staged
 * in a local file; `commit` then publishes them whole or not at all, so a reader never
 * sees half a document and a failed upload leaves nothing behind.
 */
export type TDocumentStorage = {
  readonly kind: 'disk' | 's3';
  /** A local directory for staged uploads; files there are never served. */
  readonly stagingDir: string;
  /** Publishes a staged file under `key`, atomically; the caller removes the staged file if still there. */
  commit: (
    key: string,
    stagedPath: string,
    meta: { contentType: string; size: number },
  ) => Promise<void>;
  /** The object's bytes; StorageNotFoundError when there is no such key. */
  open: (key: string) => Promise<{ body: Readable; size: number }>;
  /** Removes the object; a missing key is not an error. */
  remove: (key: string) => Promise<void>;
  /** Every stored object, for the sweep that removes objects no document row names. */
  list: () => AsyncIterable<TStoredObject>;
  /** Releases connections (S3 client sockets). */
  close: () => Promise<void>;
};

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
  }
}

/** Keys are UUIDs the portal made; anything else never reaches a path or an object name. */
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const assertStorageKey = (key: string) => {
  if (!KEY_PATTERN.test(key)) {
    throw new Error(`not a storage key: ${JSON.stringify(key.slice(0, 64))}`);
  }
};

export const isStorageKey = (key: string) => KEY_PATTERN.test(key);
