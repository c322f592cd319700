import type { Kysely } from 'kysely';
import { PAYOR_SCOPED_ROLES } from '@portal/domain/bulk-users';
import { generateTemporaryPassword } from '@portal/domain/passwords';
import type { TRole } from '@portal/domain/roles';
import type { Database } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { DEFAULT_TEMPORARY_PASSWORD_DAYS } from '../../apps/server/src/config';
import {
  issueInvitations,
  temporaryPasswordExpiry,
} from '../../apps/server/src/modules/invitations/issue';
import {
  findUserByEmail,
  insertUser,
  normaliseEmail,
} from '../../apps/server/src/modules/users/repository';

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
  /**
   * Mail an invitation link (through the outbox, which the portal's mail worker sends)
   * instead of setting a temporary password; `password` must then be absent.
   */
  invite?: boolean | undefined;
};

/** TEMPORARY_PASSWORD_DAYS and APP_ORIGIN, from the portal's config. */
export type TFirstAccessSettings = { days: number; appOrigin: string; now?: number };

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
 * Creates a user with a temporary password that must be changed at first sign-in (and
 * expires after TEMPORARY_PASSWORD_DAYS), or with an invitation email instead. A payor,
 * when given, must exist. Staff who see one payor's patients (case_manager,
 * case_manager_admin, customer_service) are created without one only with a warning:
 * they would land on a dashboard with nothing to show.
 */
export const createUser = async (
  db: Kysely<Database>,
  input: TCreateUserInput,
  settings: TFirstAccessSettings = {
    days: DEFAULT_TEMPORARY_PASSWORD_DAYS,
    appOrigin: 'http://127.0.0.1:3000',
  },
) => {
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
  if (input.invite && input.password !== undefined) {
    throw new CreateUserError('Give either --invite or --password, not both.');
  }
  const now = settings.now ?? Date.now();
  const password = input.invite ? null : (input.password ?? generateTemporaryPassword());
  const username = input.name ?? input.email;
  const id = await db.transaction().execute(async (trx) => {
    const userId = await insertUser(
      trx,
      {
        email: input.email,
        username,
        password_hash: password === null ? null : await hashPassword(password),
        role: input.role,
        payor_key: payorKey ?? null,
        // An invited user sets their first password by the link; a temporary one expires.
        password_reset_required: password === null ? 0 : 1,
        temporary_password_expires_at:
          password === null ? null : temporaryPasswordExpiry({ days: settings.days, now }),
      },
      now,
    );
    if (password === null) {
      const invited = { id: userId, email: normaliseEmail(input.email), name: username };
      await issueInvitations(trx, [invited], { ...settings, now });
    }
    return userId;
  });
  const warnings =
    !payorKey && PAYOR_SCOPED_ROLES.includes(input.role)
      ? [noPayorWarning(input.email, input.role)]
      : [];
  return { id, password, payorKey: payorKey ?? null, warnings };
};
