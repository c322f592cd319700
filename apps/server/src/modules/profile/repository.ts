import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export const storeProfile = (
  trx: Transaction<Database>,
  options: { userId: number; username: string; email: string; now: number },
) =>
  trx
    .updateTable('users')
    .set({ username: options.username, email: options.email, updated_at: options.now })
    .where('id', '=', options.userId)
    .execute();

/**
 * Whether a database refused a row for a unique key: two users claiming one email at the
 * same moment both pass the lookup, and the key decides. SQLite, MariaDB and PostgreSQL
 * each name it their own way.
 */
export const isUniqueViolation = (error: unknown) => {
  if (typeof error !== 'object' || error === null) {
    return false;
  }
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === '23505'
  );
};
