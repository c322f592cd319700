import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

/** Lists are split so no IN (...) grows past what every dialect takes comfortably. */
export const IN_CHUNK = 500;

export const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    chunks.push(items.slice(i, i + size));
  }
  return chunks;
};

/** Which of these (normalised) emails already belong to a user. */
export const takenEmails = async (db: Kysely<Database>, emails: readonly string[]) => {
  const taken = new Set<string>();
  for (const part of chunk([...new Set(emails)], IN_CHUNK)) {
    const rows = await db.selectFrom('users').select('email').where('email', 'in', part).execute();
    for (const row of rows) {
      taken.add(row.email);
    }
  }
  return taken;
};

/** Which of these payor keys exist. */
export const existingPayors = async (db: Kysely<Database>, keys: readonly string[]) => {
  const found = new Set<string>();
  for (const part of chunk([...new Set(keys)], IN_CHUNK)) {
    const rows = await db
      .selectFrom('payors')
      .select('payor_key')
      .where('payor_key', 'in', part)
      .execute();
    for (const row of rows) {
      found.add(row.payor_key);
    }
  }
  return found;
};

export type TUserInsert = Omit<Insertable<UsersTable>, 'id'>;

/** Inserts users in one statement; all or none (a unique key refuses the whole statement). */
export const insertUsers = async (db: Kysely<Database>, users: TUserInsert[]) => {
  if (users.length > 0) {
    await db.insertInto('users').values(users).execute();
  }
};
