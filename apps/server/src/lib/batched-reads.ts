type TWaiter<TResult> = {
  resolve: (found: TResult | undefined) => void;
  reject: (error: unknown) => void;
};

export type TBatchedReads<TKey, TResult> = {
  /** What the statement finds for the key, read after this call, or undefined. */
  read: (key: TKey) => Promise<TResult | undefined>;
  /** Statements sent and reads answered so far: what the batching saved, for tests. */
  readonly stats: { statements: number; reads: number };
};

/**
 * A batch's keys padded with repeats to the next power of two, so that a statement with an
 * IN list is prepared for seven lengths at most, not for every count of requests that
 * arrive together.
 */
export const padded = <TKey>(keys: readonly TKey[]): TKey[] => {
  let length = 1;
  while (length < keys.length) {
    length *= 2;
  }
  const [first] = keys;
  return first === undefined
    ? []
    : [...keys, ...Array.from({ length: length - keys.length }, () => first)];
};

/**
 * Reads of requests that arrive in the same turn of the event loop, sent as one statement.
 * On MariaDB and PostgreSQL every statement is a round trip, which costs the portal more
 * than the database spends on a small read; on SQLite every statement is a read transaction,
 * whose WAL lock costs two system calls (docs/benchmarks.md, sessions 10 and 13). Each read
 * still goes out after its call, so whatever was committed before the request is seen;
 * `readMany` gets the distinct keys (at most `maxBatch`) and answers what it found per key;
 * `each` makes every waiter's own answer from it, so no two requests share an object. A
 * failed statement fails the reads that were waiting on it, as their own statements would
 * have.
 */
export const createBatchedReads = <TKey, TFound, TResult>(options: {
  readMany: (keys: readonly TKey[]) => Promise<Map<TKey, TFound>>;
  each: (found: TFound | undefined) => TResult | undefined;
  maxBatch: number;
}): TBatchedReads<TKey, TResult> => {
  const stats = { statements: 0, reads: 0 };
  let waiting = new Map<TKey, TWaiter<TResult>[]>();
  let scheduled = false;

  const readBatch = async (keys: readonly TKey[], batch: Map<TKey, TWaiter<TResult>[]>) => {
    const waitersOf = (key: TKey) => batch.get(key) ?? [];
    try {
      stats.statements += 1;
      const found = await options.readMany(keys);
      for (const key of keys) {
        for (const waiter of waitersOf(key)) {
          waiter.resolve(options.each(found.get(key)));
        }
      }
    } catch (error) {
      for (const key of keys) {
        waitersOf(key).forEach((waiter) => waiter.reject(error));
      }
    }
  };

  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    const keys = [...batch.keys()];
    for (let at = 0; at < keys.length; at += options.maxBatch) {
      void readBatch(keys.slice(at, at + options.maxBatch), batch);
    }
  };

  return {
    read: (key) =>
      new Promise((resolve, reject) => {
        stats.reads += 1;
        const waiters = waiting.get(key);
        if (waiters) {
          waiters.push({ resolve, reject });
        } else {
          waiting.set(key, [{ resolve, reject }]);
        }
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      }),
    stats,
  };
};
