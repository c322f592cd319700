import type { Kysely } from 'kysely';
import { ROLES, type TRole } from '@portal/domain/roles';
import { generateTemporaryPassword } from '@portal/domain/passwords';
import type { Database } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { findUserByEmail, insertUser } from '../modules/users/repository';

export type TDemoAccount = { email: string; role: TRole; password: string };

const demoName = (role: TRole): string =>
  `Demo ${role
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ')}`;

/**
 * Creates one demo account per role (role@example.com) where it does not exist yet.
 * Only the embedded demo setup calls this. Returns the accounts it created, with
 * their passwords, so the caller can print them once.
 */
export const ensureDemoAccounts = async (
  db: Kysely<Database>,
  options: { password?: string | undefined },
): Promise<TDemoAccount[]> => {
  const created: TDemoAccount[] = [];
  for (const role of ROLES) {
    const email = `${role}@example.com`;
    if (await findUserByEmail(db, email)) {
      continue;
    }
    const password = options.password ?? generateTemporaryPassword();
    await insertUser(db, {
      email,
      username: demoName(role),
      password_hash: await hashPassword(password),
      role,
      is_demo: 1,
      // Demo users start on the dashboard, not in the first-login flows.
      password_reset_required: 0,
      password_changed_at: Date.now(),
    });
    created.push({ email, role, password });
  }
  return created;
};
