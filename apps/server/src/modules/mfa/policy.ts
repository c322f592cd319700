import type { Kysely } from 'kysely';
import { ROLES, type TRole } from '@portal/domain/roles';
import type { Database } from '../../db/schema';

/**
 * Which roles must have a second factor (issue 35), and the owed enrolment it puts on a
 * session: set when a session of such a user without a factor starts, or when an admin makes
 * their role required while they are signed in; cleared on every session of the user by
 * their first enrolment, or when the role becomes optional again.
 */

/** Roles that require a factor now; a role without a row is optional. */
export const requiredRoles = async (db: Kysely<Database>): Promise<Set<TRole>> => {
  const rows = await db
    .selectFrom('mfa_role_policies')
    .select('role')
    .where('required', '=', 1)
    .execute();
  return new Set(ROLES.filter((role) => rows.some((row) => row.role === role)));
};

export const roleRequiresFactor = async (db: Kysely<Database>, role: string) =>
  (await db
    .selectFrom('mfa_role_policies')
    .select('role')
    .where('role', '=', role)
    .where('required', '=', 1)
    .executeTakeFirst()) !== undefined;

/** Users with a confirmed factor, as a subquery: `where('users.id', 'in', …)`. */
const enrolledUserIds = (db: Kysely<Database>) =>
  db.selectFrom('user_factors').select('user_id').where('confirmed_at', 'is not', null);

/** Whether a user now starting a session owes a factor. */
export const enrolmentOwed = async (
  db: Kysely<Database>,
  user: { id: number; role: string },
): Promise<boolean> => {
  if (!(await roleRequiresFactor(db, user.role))) {
    return false;
  }
  const factor = await enrolledUserIds(db).where('user_id', '=', user.id).executeTakeFirst();
  return factor === undefined;
};

/**
 * Saves the policy (every role: required when listed) and brings live sessions in line at
 * once, in one transaction: a signed-in user of a newly required role without a factor is
 * stopped at their next request; one of a role made optional goes on.
 */
export const savePolicy = (
  db: Kysely<Database>,
  options: { required: ReadonlySet<TRole>; adminId: number; now: number },
) =>
  db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mfa_role_policies').execute();
    await trx
      .insertInto('mfa_role_policies')
      .values(
        ROLES.map((role) => ({
          role,
          required: options.required.has(role) ? 1 : 0,
          updated_at: options.now,
          updated_by: options.adminId,
        })),
      )
      .execute();
    const required = [...options.required];
    const optional = ROLES.filter((role) => !options.required.has(role));
    if (required.length > 0) {
      await trx
        .updateTable('sessions')
        .set({ mfa_enrolment_required: 1 })
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', options.now)
        .where('mfa_enrolment_required', '=', 0)
        .where('user_id', 'in', (eb) =>
          eb
            .selectFrom('users')
            .select('users.id')
            .where('users.role', 'in', required)
            .where('users.id', 'not in', enrolledUserIds(trx)),
        )
        .execute();
    }
    if (optional.length > 0) {
      await trx
        .updateTable('sessions')
        .set({ mfa_enrolment_required: 0 })
        .where('mfa_enrolment_required', '=', 1)
        .where('user_id', 'in', (eb) =>
          eb.selectFrom('users').select('users.id').where('users.role', 'in', optional),
        )
        .execute();
    }
  });

/** The user enrolled a factor: none of their sessions owes one any more. */
export const clearOwedEnrolment = (db: Kysely<Database>, userId: number) =>
  db
    .updateTable('sessions')
    .set({ mfa_enrolment_required: 0 })
    .where('user_id', '=', userId)
    .where('mfa_enrolment_required', '=', 1)
    .execute();

/** Per role: active users, and how many of them have a confirmed factor. */
export const enrolmentCounts = (db: Kysely<Database>) =>
  db
    .selectFrom('users')
    .select((eb) => [
      'users.role',
      eb.fn.countAll<number>().as('users'),
      eb.fn
        .count<number>(eb.case().when('users.id', 'in', enrolledUserIds(db)).then(1).end())
        .as('enrolled'),
    ])
    .where('users.is_active', '=', 1)
    .groupBy('users.role')
    .execute();

export const policyRows = (db: Kysely<Database>) =>
  db.selectFrom('mfa_role_policies').select(['role', 'required', 'updated_at']).execute();
