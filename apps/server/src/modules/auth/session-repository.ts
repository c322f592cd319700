import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema';
import { findUserById } from '../users/repository';

export type TSessionRow = Selectable<SessionsTable>;

export const insertSession = (db: Kysely<Database>, session: Insertable<SessionsTable>) =>
  db.insertInto('sessions').values(session).execute();

/** The session and its user, or undefined when either is gone. */
export const findSessionWithUser = async (db: Kysely<Database>, sessionId: string) => {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirst();
  const user = session && (await findUserById(db, session.user_id));
  return session && user ? { session, user } : undefined;
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
