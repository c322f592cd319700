import { parseArgs } from 'node:util';
import { generateTemporaryPassword } from '@portal/domain/passwords';
import { isRole } from '@portal/domain/roles';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { findUserByEmail, insertUser } from '../apps/server/src/modules/users/repository';

/**
 * Creates a user with a temporary password that must be changed at first sign-in, e.g. the
 * first admin of a production database (which gets no demo accounts). Reads DATABASE_URL and
 * DATA_DIR like the portal.
 *
 *   npx tsx tools/create-user.ts --email ops@example.org --role admin [--password <temporary>]
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
  },
});
const { email, role } = values;
if (!email || !role || !isRole(role)) {
  console.error(
    'usage: tsx tools/create-user.ts --email <email> --role <admin|case_manager|customer_service|patient|case_manager_admin> [--name <name>] [--password <temporary password>]',
  );
  process.exit(2);
}

const database = createDatabase(loadConfig().databaseUrl);
try {
  await migrateToLatest(database.db);
  if (await findUserByEmail(database.db, email)) {
    console.error(`${email} already exists`);
    process.exitCode = 1;
  } else {
    const password = values.password ?? generateTemporaryPassword();
    await insertUser(database.db, {
      email,
      username: values.name ?? email,
      password_hash: await hashPassword(password),
      role,
      password_reset_required: 1,
    });
    console.log(`created ${email} (${role}); temporary password: ${password}`);
  }
} finally {
  await database.destroy();
}
