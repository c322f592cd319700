import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TPortalDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { findUserByEmail } from '../apps/server/src/modules/users/repository';
import { insertPayors } from '../apps/server/src/test/erp-fixtures';
import { CreateUserError, createUser, noPayorWarning } from './lib/create-user';

/** tools/create-user.ts against a throwaway SQLite database: as a function, and as the CLI. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dir: string;
let database: TPortalDatabase;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-create-user-'));
  database = createDatabase(path.join(dir, 'portal.db'));
  await migrateToLatest(database.db);
  await insertPayors(database.db, [
    { payor_key: 'PAY-A', company_name: 'Acme Health' },
    { payor_key: 'PAY-B', company_name: 'Bay Care' },
  ]);
});

afterAll(async () => {
  await database.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CreateUserError);
  return (error as CreateUserError).message;
};

describe('createUser', () => {
  it('ties payor staff to an existing payor, and warns when they get none', async () => {
    const { db } = database;
    for (const role of ['case_manager', 'case_manager_admin', 'customer_service'] as const) {
      const email = `${role}@tools.example.com`;
      const { warnings } = await createUser(db, { email, role });
      expect(warnings).toEqual([noPayorWarning(email, role)]);
      expect(warnings[0]).toContain('Give --payor <payor_key>');
      expect(await findUserByEmail(db, email)).toMatchObject({ role, payor_key: null });
    }
    expect(
      await refusal(
        createUser(db, { email: 'cm@tools.example.com', role: 'case_manager', payorKey: 'NOPE' }),
      ),
    ).toBe(
      'No payor "NOPE" in the payors table. Give an existing payor_key (for example: PAY-A, PAY-B).',
    );
    expect(await findUserByEmail(db, 'cm@tools.example.com')).toBeUndefined();

    const created = await createUser(db, {
      email: 'cm@tools.example.com',
      role: 'case_manager',
      payorKey: ' PAY-B ',
      name: 'Casey Manager',
    });
    expect(created.password?.length).toBeGreaterThanOrEqual(12);
    expect(created.warnings).toEqual([]);
    expect(await findUserByEmail(db, 'cm@tools.example.com')).toMatchObject({
      role: 'case_manager',
      payor_key: 'PAY-B',
      username: 'Casey Manager',
      password_reset_required: 1,
    });
    const expiresAt = (await findUserByEmail(db, 'cm@tools.example.com'))
      ?.temporary_password_expires_at;
    expect(expiresAt).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 24 * 3600_000);
    expect(
      await refusal(
        createUser(db, { email: 'CM@tools.example.com', role: 'case_manager', payorKey: 'PAY-A' }),
      ),
    ).toBe('CM@tools.example.com already exists');
  });

  it('with invite, queues an invitation mail instead of a password', async () => {
    const { db } = database;
    const created = await createUser(
      db,
      { email: 'Pat@Tools.example.com', role: 'patient', invite: true },
      { days: 3, appOrigin: 'https://portal.example.org' },
    );
    expect(created.password).toBeNull();
    expect(await findUserByEmail(db, 'pat@tools.example.com')).toMatchObject({
      password_hash: null,
      password_reset_required: 0,
      temporary_password_expires_at: null,
    });
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'pat@tools.example.com')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('https://portal.example.org/accept-invitation?token=');
    expect(mail.text_body).toContain('expires after 3 days');
    expect(
      await refusal(
        createUser(db, {
          email: 'both@tools.example.com',
          role: 'patient',
          invite: true,
          password: 'Xx1!xxxxxxxxxx',
        }),
      ),
    ).toBe('Give either --invite or --password, not both.');
  });

  it('lets an admin go without a payor, unwarned', async () => {
    const { warnings } = await createUser(database.db, {
      email: 'ops@tools.example.com',
      role: 'admin',
    });
    expect(warnings).toEqual([]);
    expect(await findUserByEmail(database.db, 'ops@tools.example.com')).toMatchObject({
      role: 'admin',
      payor_key: null,
    });
  });
});

describe('tools/create-user.ts', () => {
  // Node with tsx's loader, as npx tsx runs it, without npx's own start-up on every call.
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'tools/create-user.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: path.join(dir, 'portal.db'), DATA_DIR: dir },
    });

  it('takes --payor, refuses an unknown one and warns without one', () => {
    const unknown = run(
      '--email',
      'cs@tools.example.com',
      '--role',
      'customer_service',
      '--payor',
      'X',
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No payor "X" in the payors table');
    const created = run(
      '--email',
      'cs@tools.example.com',
      '--role',
      'customer_service',
      '--payor',
      'PAY-A',
    );
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(
      /^created cs@tools\.example\.com \(customer_service, payor PAY-A\); temporary password \(valid 7 days\): \S+\n$/,
    );
    const warned = run('--email', 'cs2@tools.example.com', '--role', 'customer_service');
    expect(warned.status).toBe(0);
    expect(warned.stderr.trim()).toBe(noPayorWarning('cs2@tools.example.com', 'customer_service'));
    const invited = run('--email', 'inv@tools.example.com', '--role', 'admin', '--invite');
    expect(invited.status).toBe(0);
    expect(invited.stdout).toContain('created inv@tools.example.com (admin); invitation queued');
    const usage = run('--email', 'x@tools.example.com', '--role', 'admin', '--payer', 'PAY-A');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: tsx tools/create-user.ts');
  });
});
