import type { Kysely } from 'kysely';

/**
 * Multi-factor sign-in policy (issue 35).
 * - mfa_role_policies: per role, whether its users must have a second factor; a role
 *   without a row is optional (docs/decisions.md, "Two-step verification is optional
 *   until an admin requires it").
 * - sessions.mfa_enrolment_required: set when a session starts (or when its role becomes
 *   required) for a user who has no factor; until it is cleared by an enrolment the guard
 *   answers every route but enrolment, check-auth and logout with 403. On the session row,
 *   so the one session read of each request carries it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('mfa_role_policies')
    .addColumn('role', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('required', 'smallint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('mfa_enrolment_required', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('sessions').dropColumn('mfa_enrolment_required').execute();
  await db.schema.dropTable('mfa_role_policies').execute();
};
