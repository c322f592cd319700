import type { Compilable, Insertable, Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared';
import type { Database, SessionsTable } from '../../db/schema';
import type { TUserRow } from '../users/repository';

export type TSessionRow = Selectable<SessionsTable>;

export const insertSession = (db: Kysely<Database>, session: Insertable<SessionsTable>) =>
  db.insertInto('sessions').values(session).execute();

/** Every session column; `satisfies` fails the build when the table gains one not listed. */
const SESSION_COLUMNS = Object.keys({
  id: true,
  user_id: true,
  family_id: true,
  remember_me: true,
  ip: true,
  user_agent: true,
  created_at: true,
  last_seen_at: true,
  expires_at: true,
  revoked_at: true,
  refresh_jti: true,
  previous_refresh_jti: true,
  rotated_at: true,
} satisfies Record<keyof TSessionRow, true>) as (keyof TSessionRow)[];

/** Every user column, as the session's; the row is split by these lists, made once. */
const USER_COLUMNS = Object.keys({
  id: true,
  email: true,
  username: true,
  password_hash: true,
  role: true,
  payor_key: true,
  patient_key: true,
  password_reset_required: true,
  filter_preferences_shown: true,
  is_active: true,
  is_demo: true,
  password_changed_at: true,
  created_at: true,
  updated_at: true,
  first_name: true,
  last_name: true,
  phone: true,
  title: true,
  office: true,
} satisfies Record<keyof TUserRow, true>) as (keyof TUserRow)[];

/** The session's columns come back prefixed, next to the user's own. */
const PREFIX = 'session__';

const SESSION_ALIASES = SESSION_COLUMNS.map(
  (column) => [`${PREFIX}${column}` as const, column] as const,
);

type TSessionUserRow = TUserRow & Record<`${typeof PREFIX}${keyof TSessionRow}`, unknown>;

/**
 * The session and its user in one statement, built once (db/prepared.ts): every signed-in
 * request runs it, and Kysely building two queries per call cost more than SQLite took to
 * run them; on MariaDB and PostgreSQL it also saves a round trip.
 */
const sessionWithUser = preparedQuery(
  () => 'session-with-user',
  (db: Kysely<Database>, _shape: null, params: { sessionId: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(USER_COLUMNS.map((column) => `users.${column}` as const))
      .select((eb) =>
        SESSION_COLUMNS.map((column) => eb.ref(`sessions.${column}`).as(`${PREFIX}${column}`)),
      )
      .where('sessions.id', '=', params.sessionId) as unknown as Compilable<TSessionUserRow>,
);

/** The session and its user, or undefined when either is gone. */
export const findSessionWithUser = async (db: Kysely<Database>, sessionId: string) => {
  const [row] = await sessionWithUser.execute(db, null, { sessionId });
  if (!row) {
    return undefined;
  }
  // Every signed-in request splits this row: by a list made once, not by parsing each name.
  const session: Record<string, unknown> = {};
  for (const [alias, column] of SESSION_ALIASES) {
    session[column] = row[alias];
  }
  const user: Record<string, unknown> = {};
  for (const column of USER_COLUMNS) {
    user[column] = row[column];
  }
  return { session: session as TSessionRow, user: user as TUserRow };
};

export const touchSession = (db: Kysely<Database>, sessionId: string, now: number) =>
  db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();

export const revokeSession = (db: Kysely<Database>, sessionId: string, now: number) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();

/** Revokes every open session of a user, except the one named (the caller's own). */
export const revokeUserSessions = (
  db: Kysely<Database>,
  userId: number,
  now: number,
  options: { except?: string } = {},
) => {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (options.except !== undefined) {
    query = query.where('id', '!=', options.except);
  }
  return query.execute();
};

/**
 * Replaces the session's refresh token id only if it is still `expectedJti`, so of two
 * concurrent rotations exactly one wins. True when this call won.
 */
export const rotateRefreshJti = async (
  db: Kysely<Database>,
  options: { sessionId: string; expectedJti: string; newJti: string; now: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('sessions')
    .set({
      refresh_jti: options.newJti,
      previous_refresh_jti: options.expectedJti,
      rotated_at: options.now,
      last_seen_at: options.now,
    })
    .where('id', '=', options.sessionId)
    .where('refresh_jti', '=', options.expectedJti)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
};
