import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  assertStorageKey,
  isStorageKey,
  StorageNotFoundError,
  type TDocumentStorage,
  type TStoredObject,
} from './types';

const isMissing = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'ENOENT';

/** Forces a file's (or directory's) contents to disk, so a rename is not published early. */
const fsync = async (target: string) => {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/**
 * Documents on the local disk: `<root>/<first two hex digits>/<key>`, staged in
 * `<root>/.staging` on the same file system so the commit is one rename.
 */
export const createDiskStorage = async (root: string): Promise<TDocumentStorage> => {
  const stagingDir = path.join(root, '.staging');
  await mkdir(stagingDir, { recursive: true, mode: 0o700 });
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key.slice(0, 2), key);
  };

  return {
    kind: 'disk',
    stagingDir,
    commit: async (key, stagedPath) => {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fsync(stagedPath);
      // rename() within one file system is atomic: the key holds all of it or nothing.
      await rename(stagedPath, target);
      await fsync(path.dirname(target));
    },
    open: async (key) => {
      const target = pathOf(key);
      try {
        const { size } = await stat(target);
        return { body: createReadStream(target), size };
      } catch (error) {
        if (isMissing(error)) {
          throw new StorageNotFoundError(key);
        }
        throw error;
      }
    },
    remove: async (key) => {
      await rm(pathOf(key), { force: true });
    },
    list: async function* (): AsyncIterable<TStoredObject> {
      const shards = await readdir(root, { withFileTypes: true });
      for (const shard of shards) {
        if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) {
          continue;
        }
        for (const name of await readdir(path.join(root, shard.name))) {
          if (!isStorageKey(name)) {
            continue;
          }
          try {
            const info = await stat(path.join(root, shard.name, name));
            yield { key: name, modifiedAt: info.mtimeMs };
          } catch (error) {
            // Deleted while we listed: nothing to sweep.
            if (!isMissing(error)) {
              throw error;
            }
          }
        }
      }
    },
    close: async () => {},
  };
};
