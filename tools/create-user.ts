import { parseArgs } from 'node:util';
import { PAYOR_SCOPED_ROLES } from '@portal/domain/bulk-users';
import { isRole } from '@portal/domain/roles';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { CreateUserError, createUser } from './lib/create-user';

/**
 * Creates a user with a temporary password that must be changed at first sign-in and expires
 * after TEMPORARY_PASSWORD_DAYS (default 7), e.g. the first admin of a production database
 * (which gets no demo accounts); or, with --invite, mails them an invitation link instead
 * (queued in the outbox, sent by the running portal; the link is built from APP_ORIGIN). Reads DATABASE_URL and
 * DATA_DIR like the portal. `npm run build` also makes it apps/server/dist/create-user.js, for
 * a production host without tsx (`npm run create-user:prod -- --email …`).
 *
 *   npx tsx tools/create-user.ts --email ops@example.org --role admin [--password <temporary>]
 *   npx tsx tools/create-user.ts --email cm@example.org --role case_manager --payor <payor_key>
 *   npx tsx tools/create-user.ts --email pat@example.org --role patient --invite
 */
const USAGE = [
  'usage: tsx tools/create-user.ts --email <email> --role <admin|case_manager|customer_service|patient|case_manager_admin> [--payor <payor_key>] [--name <name>] [--password <temporary password> | --invite]',
  `--payor <payor_key>: an existing payor; ${PAYOR_SCOPED_ROLES.join(', ')} users need one to see any patients.`,
].join('\n');

const readArgs = () => {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        payor: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        invite: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    // An unknown or incomplete option: say which, then how to call it.
    console.error(error instanceof Error ? error.message : String(error));
    return undefined;
  }
};
const values = readArgs();
const email = values?.email;
const role = values?.role;
if (!values || !email || !role || !isRole(role)) {
  console.error(USAGE);
  process.exit(2);
}

const readConfig = () => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
};
const config = readConfig();

const openDatabase = () => {
  try {
    return createDatabase(config.databaseUrl);
  } catch (error) {
    // A bad DATABASE_URL, or SQLite support not installed: the message says what to do.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
};
const database = openDatabase();
try {
  await migrateToLatest(database.db);
  const created = await createUser(
    database.db,
    {
      email,
      role,
      name: values.name,
      password: values.password,
      payorKey: values.payor,
      invite: values.invite,
    },
    { days: config.temporaryPasswordDays, appOrigin: config.appOrigin },
  );
  const payor = created.payorKey ? `, payor ${created.payorKey}` : '';
  const access =
    created.password === null
      ? `invitation queued; the running portal mails the link (valid ${config.temporaryPasswordDays} days)`
      : `temporary password (valid ${config.temporaryPasswordDays} days): ${created.password}`;
  console.log(`created ${email} (${role}${payor}); ${access}`);
  for (const warning of created.warnings) {
    console.error(warning);
  }
} catch (error) {
  if (!(error instanceof CreateUserError)) {
    throw error;
  }
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
