import type { Compilable, Insertable, Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared';
import type { Database, SessionsTable } from '../../db/schema';
import type { TUserRow } from '../users/repository';

export type TSessionRow = Selectable<SessionsTable>;

export const insertSession = (db: Kysely<Database>, session: Insertable<SessionsTable>) =>
  db.insertInto('sessions').values(session).execute();

/**
 * The session and its user, read by every signed-in request, are built from the row's values
 * by position into objects of one fixed shape: building them key by key from a 32-column row
 * (and SQLite's driver building a row object first) cost a signed-in request about a quarter
 * of its time (docs/benchmarks.md, session 10). `satisfies` fails the build when a table gains
 * a column not listed; the order below is the order selected.
 */
const userFrom = (v: readonly unknown[]) =>
  ({
    id: v[0],
    email: v[1],
    username: v[2],
    password_hash: v[3],
    role: v[4],
    payor_key: v[5],
    patient_key: v[6],
    password_reset_required: v[7],
    filter_preferences_shown: v[8],
    is_active: v[9],
    is_demo: v[10],
    password_changed_at: v[11],
    created_at: v[12],
    updated_at: v[13],
    first_name: v[14],
    last_name: v[15],
    phone: v[16],
    title: v[17],
    office: v[18],
  }) satisfies Record<keyof TUserRow, unknown> as TUserRow;

const sessionFrom = (v: readonly unknown[], at: number) =>
  ({
    id: v[at],
    user_id: v[at + 1],
    family_id: v[at + 2],
    remember_me: v[at + 3],
    ip: v[at + 4],
    user_agent: v[at + 5],
    created_at: v[at + 6],
    last_seen_at: v[at + 7],
    expires_at: v[at + 8],
    revoked_at: v[at + 9],
    refresh_jti: v[at + 10],
    previous_refresh_jti: v[at + 11],
    rotated_at: v[at + 12],
  }) satisfies Record<keyof TSessionRow, unknown> as TSessionRow;

/** The columns in the order the builders above read them: their keys, in that order. */
const USER_COLUMNS = Object.keys(userFrom([])) as (keyof TUserRow)[];
const SESSION_COLUMNS = Object.keys(sessionFrom([], 0)) as (keyof TSessionRow)[];

const selectSessionWithUser = (db: Kysely<Database>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS.map((column) => `users.${column}` as const))
    .select((eb) =>
      SESSION_COLUMNS.map((column) => eb.ref(`sessions.${column}`).as(`session__${column}`)),
    );

/**
 * The session and its user in one statement, built once (db/prepared.ts): every signed-in
 * request runs it, and Kysely building two queries per call cost more than SQLite took to
 * run them; on MariaDB and PostgreSQL it also saves a round trip.
 */
const sessionWithUser = preparedQuery(
  () => 'session-with-user',
  (db: Kysely<Database>, _shape: null, params: { sessionId: string }) =>
    selectSessionWithUser(db).where('sessions.id', '=', params.sessionId) as Compilable,
);

/** Several sessions and their users; the list's length is part of the prepared shape. */
const sessionsWithUsers = preparedQuery(
  () => 'sessions-with-users',
  (db: Kysely<Database>, _shape: null, params: { sessionIds: string[] }) =>
    selectSessionWithUser(db).where('sessions.id', 'in', params.sessionIds) as Compilable,
);

export type TSessionWithUser = { session: TSessionRow; user: TUserRow };

/** New session and user objects from a row's values. */
export const sessionWithUserFrom = (values: readonly unknown[]): TSessionWithUser => ({
  user: userFrom(values),
  session: sessionFrom(values, USER_COLUMNS.length),
});

/** The session and its user, or undefined when either is gone. */
export const findSessionWithUser = async (
  db: Kysely<Database>,
  sessionId: string,
): Promise<TSessionWithUser | undefined> => {
  const [values] = await sessionWithUser.executeValues(db, null, { sessionId });
  return values && sessionWithUserFrom(values);
};

/**
 * The rows' values of these sessions (repeats allowed) with their users, by session id; a
 * session that is gone, or whose user is, has none. Each list length is a shape of its own.
 */
export const findSessionsWithUsers = async (
  db: Kysely<Database>,
  sessionIds: readonly string[],
): Promise<Map<string, readonly unknown[]>> => {
  const rows = await sessionsWithUsers.executeValues(db, null, { sessionIds: [...sessionIds] });
  // The session's id is the first of its columns, after the user's.
  return new Map(rows.map((values) => [String(values[USER_COLUMNS.length]), values]));
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
