import type { Compilable, Insertable, Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared';
import type { Database, SessionsTable } from '../../db/schema';
import type { TUserRow } from '../users/repository';

export type TSessionRow = Selectable<SessionsTable>;

/**
 * What every signed-in request knows of its user and session: what the guard checks (the
 * session's times and owed factor enrolment, the user's activity and forced password
 * change), who the user is and what they may see (role, payor, patient), and what
 * check-auth answers. No secrets: the password
 * hash is read where a password is checked, the refresh token ids where a token is refreshed,
 * never into each request's context, where a slip (a log line, an answer) could carry them
 * out. Nor the rest of the rows (profile fields, the session's client and family): the routes
 * that show or change them read them, and every request parses 15 columns instead of 30: on
 * PostgreSQL the driver's cost per session statement follows the fields it parses
 * (docs/benchmarks.md, session 13).
 */
export type TSignedInUser = Pick<
  TUserRow,
  | 'id'
  | 'email'
  | 'username'
  | 'role'
  | 'payor_key'
  | 'patient_key'
  | 'password_reset_required'
  | 'filter_preferences_shown'
  | 'is_active'
>;
export type TSignedInSession = Pick<
  TSessionRow,
  'id' | 'user_id' | 'last_seen_at' | 'expires_at' | 'revoked_at' | 'mfa_enrolment_required'
>;

export const insertSession = (db: Kysely<Database>, session: Insertable<SessionsTable>) =>
  db.insertInto('sessions').values(session).execute();

/**
 * The session and its user, read by every signed-in request, are built from the row's values
 * by position into objects of one fixed shape: building them key by key from a row of some
 * thirty columns (and SQLite's driver building a row object first) cost a signed-in request
 * about a quarter of its time (docs/benchmarks.md, session 10). `satisfies` fails the build
 * when a builder and its type above disagree; the order below is the order selected.
 */
const userFrom = (v: readonly unknown[]) =>
  ({
    id: v[0],
    email: v[1],
    username: v[2],
    role: v[3],
    payor_key: v[4],
    patient_key: v[5],
    password_reset_required: v[6],
    filter_preferences_shown: v[7],
    is_active: v[8],
  }) satisfies Record<keyof TSignedInUser, unknown> as TSignedInUser;

const sessionFrom = (v: readonly unknown[], at: number) =>
  ({
    id: v[at],
    user_id: v[at + 1],
    last_seen_at: v[at + 2],
    expires_at: v[at + 3],
    revoked_at: v[at + 4],
    mfa_enrolment_required: v[at + 5],
  }) satisfies Record<keyof TSignedInSession, unknown> as TSignedInSession;

/** The columns in the order the builders above read them: their keys, in that order. */
const USER_COLUMNS = Object.keys(userFrom([])) as (keyof TSignedInUser)[];
const SESSION_COLUMNS = Object.keys(sessionFrom([], 0)) as (keyof TSignedInSession)[];

const selectSessionWithUser = (db: Kysely<Database>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS.map((column) => `users.${column}` as const))
    .select((eb) =>
      SESSION_COLUMNS.map((column) => eb.ref(`sessions.${column}`).as(`session__${column}`)),
    );

/**
 * Sessions and their users in one statement, built once per list length (db/prepared.ts):
 * every signed-in request's session is read by it (modules/auth/session-reader.ts), and
 * Kysely building two queries per call cost more than SQLite took to run them; on MariaDB
 * and PostgreSQL the join also saves a round trip.
 */
const sessionsWithUsers = preparedQuery(
  () => 'sessions-with-users',
  (db: Kysely<Database>, _shape: null, params: { sessionIds: string[] }) =>
    selectSessionWithUser(db).where('sessions.id', 'in', params.sessionIds) as Compilable,
);

export type TSessionWithUser = { session: TSignedInSession; user: TSignedInUser };

/** New session and user objects from a row's values. */
export const sessionWithUserFrom = (values: readonly unknown[]): TSessionWithUser => ({
  user: userFrom(values),
  session: sessionFrom(values, USER_COLUMNS.length),
});

/**
 * What a refresh checks and uses besides the signed-in session and user: the refresh token ids
 * the session holds, when it last rotated, and whether it is remembered (the new cookies' life).
 */
export type TRefreshState = {
  user: TSignedInUser;
  session: TSignedInSession & Pick<TSessionRow, 'remember_me' | 'rotated_at'>;
  refreshJti: string | null;
  previousRefreshJti: string | null;
};

const sessionForRefresh = preparedQuery(
  () => 'session-for-refresh',
  (db: Kysely<Database>, _shape: null, params: { sessionId: string }) =>
    selectSessionWithUser(db)
      .select([
        'sessions.remember_me',
        'sessions.rotated_at',
        'sessions.refresh_jti',
        'sessions.previous_refresh_jti',
      ])
      .where('sessions.id', '=', params.sessionId) as Compilable,
);

/** The session, its user and what a refresh needs of it in one read, or undefined when either is gone. */
export const findSessionForRefresh = async (
  db: Kysely<Database>,
  sessionId: string,
): Promise<TRefreshState | undefined> => {
  const [values] = await sessionForRefresh.executeValues(db, null, { sessionId });
  if (!values) {
    return undefined;
  }
  const { user, session } = sessionWithUserFrom(values);
  const at = USER_COLUMNS.length + SESSION_COLUMNS.length;
  return {
    user,
    session: {
      ...session,
      remember_me: values[at] as number,
      rotated_at: values[at + 1] as number | null,
    },
    refreshJti: values[at + 2] as string | null,
    previousRefreshJti: values[at + 3] as string | null,
  };
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
