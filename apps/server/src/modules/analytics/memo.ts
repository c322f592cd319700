import { setBounded } from '../../lib/bounded-map';

/**
 * Answers already computed for the summaries' current version. The summaries change only
 * when a sync refills them (which writes a new version in the same transaction) and a
 * period only when the day changes, so an answer keyed by version, day and parameters is
 * the one a fresh computation would give. Each request still reads the version.
 */
export const createAnalyticsMemo = (maxEntries = 64) => {
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

export type TAnalyticsMemo = ReturnType<typeof createAnalyticsMemo>;
