import { availableParallelism } from 'node:os';
import { neutralizeCsvCell } from '@portal/domain/csv-cells';
import { generateTemporaryPassword } from '@portal/domain/passwords';
import { hashPassword } from './passwords';

/**
 * How many argon2 hashes run at once. The library hashes on libuv's thread pool
 * (UV_THREADPOOL_SIZE, 4 by default); using at most the cores, and never the whole pool,
 * keeps a slot free for sign-ins and file reads while a 5,000-row upload hashes.
 */
export const HASH_CONCURRENCY = Math.max(
  1,
  Math.min(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 1),
);

/**
 * The shared generator's password, drawn again while it starts with '@' (one of its
 * specials): the results file would have to neutralise such a cell with an apostrophe,
 * and the admin would hand out a password that does not work.
 */
export const spreadsheetSafePassword = (): string => {
  for (;;) {
    const password = generateTemporaryPassword();
    if (neutralizeCsvCell(password) === password) {
      return password;
    }
  }
};

/** A temporary password (the shared generator) and its hash, for each of `count` accounts. */
export const issueTemporaryPasswords = async (
  count: number,
): Promise<{ password: string; hash: string }[]> => {
  const issued = new Array<{ password: string; hash: string }>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      const password = spreadsheetSafePassword();
      issued[index] = { password, hash: await hashPassword(password) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(HASH_CONCURRENCY, count) }, worker));
  return issued;
};
