import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

export type TUserRow = Selectable<UsersTable>;

export type TNewUser = Omit<Insertable<UsersTable>, 'id' | 'created_at' | 'updated_at'>;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const findUserByEmail = (db: Kysely<Database>, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();

export const findUserById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** Inserts a user and returns its id, on every dialect (MySQL has no RETURNING). */
/** A user's password hash, read only where a password is checked (never with the session). */
export const findPasswordHash = async (db: Kysely<Database>, id: number) => {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.password_hash ?? null;
};

export const insertUser = async (db: Kysely<Database>, user: TNewUser, now = Date.now()) => {
  const result = await db
    .insertInto('users')
    .values({ ...user, email: normaliseEmail(user.email), created_at: now, updated_at: now })
    .executeTakeFirstOrThrow();
  if (result.insertId !== undefined) {
    return Number(result.insertId);
  }
  const row = await findUserByEmail(db, user.email);
  if (!row) {
    throw new Error('inserted user not found');
  }
  return row.id;
};
