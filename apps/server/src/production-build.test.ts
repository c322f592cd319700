import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '@portal/tools/lib/portal-process';
import { devOnlyPackageDirs, guardAgainst, lockEntryOf } from '@portal/tools/lib/production-guard';
import { buildServer, packagesImportedBy } from '@portal/tools/lib/server-bundle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from './test/databases';

/**
 * What `npm run build` makes runs on a host that ran `npm install --omit=dev`: the bundles
 * name only the server's own dependencies, and they start under a guard that fails on
 * loading any package production does not install (tsx, esbuild, vitest...). On MariaDB and
 * PostgreSQL the SQLite driver is forbidden too: it is loaded only for a SQLite file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const serverPackage = JSON.parse(
  readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'),
) as { dependencies: Record<string, string>; optionalDependencies?: Record<string, string> };
const PASSWORD = 'Prod-Build-Pass1!';

let outdir: string;
beforeAll(async () => {
  // Inside the repository, so the bundle finds node_modules as it does in apps/server/dist.
  await mkdir(path.join(root, 'apps/server/dist'), { recursive: true });
  outdir = await mkdtemp(path.join(root, 'apps/server/dist/test-build-'));
  await buildServer({ outdir });
});
afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

const guardFor = (dialect: string) =>
  guardAgainst(outdir, [
    ...devOnlyPackageDirs(),
    ...(dialect === 'sqlite' ? [] : [path.join(root, 'node_modules', 'better-sqlite3')]),
  ]);

describe('the production build', () => {
  it('imports only packages the server lists as dependencies, none of them dev-only', () => {
    const allowed = {
      ...serverPackage.dependencies,
      ...serverPackage.optionalDependencies,
    };
    for (const bundle of ['main.js', 'create-user.js']) {
      const imported = packagesImportedBy(path.join(outdir, bundle));
      expect(imported, bundle).toContain('kysely');
      expect(
        imported.filter((name) => !(name in allowed)),
        `${bundle} imports packages that are not dependencies of apps/server`,
      ).toEqual([]);
      expect(
        imported.filter(
          (name) => lockEntryOf(name) === undefined || lockEntryOf(name)?.dev === true,
        ),
        `${bundle} imports packages npm install --omit=dev leaves out`,
      ).toEqual([]);
    }
    expect(serverPackage.optionalDependencies).toHaveProperty('better-sqlite3');
  });

  it('the guard refuses a development dependency', () => {
    const result = spawnSync(
      process.execPath,
      [...guardFor('postgres'), '--input-type=module', '-e', "await import('tsx/esm/api');"],
      { cwd: root, encoding: 'utf8' },
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('which production does not install');
  });

  describe.each(testDialects())('[%s]', (dialect) => {
    it('starts with node alone, serves sign-in, and create-user runs built', async () => {
      const database = await createTestDatabase(dialect);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-prod-data-'));
      const port = await freePort();
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        HOST: '127.0.0.1',
        PORT: String(port),
        DEMO_ACCOUNTS: 'true',
        DEMO_PASSWORD: PASSWORD,
        FIRST_START_SYNC: 'false',
        LOG_LEVEL: 'error',
      };
      const guard = guardFor(dialect);
      const child = spawn(process.execPath, [...guard, path.join(outdir, 'main.js')], {
        cwd: dataDir,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        const url = `http://127.0.0.1:${port}`;
        await waitForHealth(url, child).catch((error: unknown) => {
          throw new Error(`${(error as Error).message}\n${stderr}`);
        });
        const health = (await (await fetch(`${url}/api/health`)).json()) as {
          database: { dialect: string; status: string };
        };
        expect(health.database).toMatchObject({ dialect, status: 'up' });

        const login = await fetch(`${url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
        });
        expect(login.status).toBe(200);
        const cookies = login.headers
          .getSetCookie()
          .map((cookie) => cookie.split(';')[0])
          .join('; ');
        const checked = await fetch(`${url}/api/check-auth`, { headers: { cookie: cookies } });
        expect(checked.status).toBe(200);

        const created = spawnSync(
          process.execPath,
          [
            ...guard,
            path.join(outdir, 'create-user.js'),
            '--email',
            'ops@example.org',
            '--role',
            'admin',
          ],
          { cwd: dataDir, env, encoding: 'utf8' },
        );
        expect(created.stderr).toBe('');
        expect(created.stdout).toMatch(
          /^created ops@example\.org \(admin\); temporary password \(valid 7 days\): /,
        );
        expect(created.status).toBe(0);
        expect(stderr).toBe('');
      } finally {
        child.kill('SIGTERM');
        await exited;
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
});
