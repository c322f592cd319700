import { setBounded } from './bounded-map';

/**
 * Answers already computed for the data's current version, per process. The synced tables
 * change only when a sync loads them, and every load that changes what an answer reads
 * writes a new version in the same transaction (analytics/summaries.ts, the stamp), so an
 * answer keyed by version and parameters is the one a fresh computation would give. Each
 * request still reads the version from the database: another process may have synced.
 */
export const createVersionMemo = (maxEntries = 64) => {
  let version: number | undefined;
  const entries = new Map<string, Promise<unknown>>();
  return {
    get: <T>(currentVersion: number, key: string, compute: () => Promise<T>): Promise<T> => {
      if (currentVersion !== version) {
        entries.clear();
        version = currentVersion;
      }
      const known = entries.get(key) as Promise<T> | undefined;
      if (known) {
        return known;
      }
      // The promise itself is kept, so requests arriving during a computation share it.
      const answer = compute();
      setBounded(entries, key, answer, maxEntries);
      answer.catch(() => entries.delete(key));
      return answer;
    },
  };
};

export type TVersionMemo = ReturnType<typeof createVersionMemo>;
