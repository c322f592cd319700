import type { Kysely } from 'kysely';
import { PAYOR_SCOPED_ROLES } from '@portal/domain/bulk-users';
import { generateTemporaryPassword } from '@portal/domain/passwords';
import type { TRole } from '@portal/domain/roles';
import type { Database } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { findUserByEmail, insertUser } from '../../apps/server/src/modules/users/repository';

/** A refusal in words for the person at the terminal; nothing was created. */
export class CreateUserError extends Error {}

export type TCreateUserInput = {
  email: string;
  role: TRole;
  name?: string | undefined;
  /** A temporary password; one is generated when absent. */
  password?: string | undefined;
  /** The payor_key of an existing payor; roles that see one payor's patients need one. */
  payorKey?: string | undefined;
};

/** How many existing payor keys a refusal names, so the operator can spot the right one. */
const EXAMPLE_PAYORS = 5;

const unknownPayor = async (db: Kysely<Database>, payorKey: string) => {
  const examples = await db
    .selectFrom('payors')
    .select('payor_key')
    .orderBy('payor_key')
    .limit(EXAMPLE_PAYORS)
    .execute();
  if (examples.length === 0) {
    return new CreateUserError(
      `No payor "${payorKey}": the payors table is empty. Run a data sync first (the payors come from the warehouse), then create the user.`,
    );
  }
  const keys = examples.map((row) => row.payor_key).join(', ');
  return new CreateUserError(
    `No payor "${payorKey}" in the payors table. Give an existing payor_key (for example: ${keys}).`,
  );
};

/** Why payor staff created without a payor see nothing, and what to do instead. */
export const noPayorWarning = (email: string, role: TRole) =>
  `warning: ${email} is a ${role} without a payor, so they will see no patients (their dashboard tells them to ask an administrator to set their payor). Give --payor <payor_key> when creating payor staff.`;

/**
 * Creates a user with a temporary password that must be changed at first sign-in. A payor,
 * when given, must exist. Staff who see one payor's patients (case_manager,
 * case_manager_admin, customer_service) are created without one only with a warning:
 * they would land on a dashboard with nothing to show.
 */
export const createUser = async (db: Kysely<Database>, input: TCreateUserInput) => {
  const payorKey = input.payorKey?.trim() || undefined;
  if (payorKey) {
    const payor = await db
      .selectFrom('payors')
      .select('payor_key')
      .where('payor_key', '=', payorKey)
      .executeTakeFirst();
    if (!payor) {
      throw await unknownPayor(db, payorKey);
    }
  }
  if (await findUserByEmail(db, input.email)) {
    throw new CreateUserError(`${input.email} already exists`);
  }
  const password = input.password ?? generateTemporaryPassword();
  const id = await insertUser(db, {
    email: input.email,
    username: input.name ?? input.email,
    password_hash: await hashPassword(password),
    role: input.role,
    payor_key: payorKey ?? null,
    password_reset_required: 1,
  });
  const warnings =
    !payorKey && PAYOR_SCOPED_ROLES.includes(input.role)
      ? [noPayorWarning(input.email, input.role)]
      : [];
  return { id, password, payorKey: payorKey ?? null, warnings };
};
