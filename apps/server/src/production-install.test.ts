import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '@portal/tools/lib/portal-process';
import { buildServer } from '@portal/tools/lib/server-bundle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_MISSING } from './db/sqlite-driver';
import { createTestDatabase, testDialects, type TTestDatabase } from './test/databases';

/**
 * Issue 32, as an operator does it: the build copied to an empty folder with the package
 * files, `npm install --omit=dev --ignore-scripts` there (a PostgreSQL host: nothing
 * compiles, no engine warning), then `npm run start:prod` serves sign-in and
 * `npm run create-user:prod` creates a user. npm installs from its cache (the repository's
 * own install filled it), so this takes seconds, not a download.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const PASSWORD = 'Prod-Install-Pass1!';

const workspaces = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
).workspaces;

const npm = (cwd: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 300_000 });

// The install needs a database server to be worth it: PostgreSQL, as the issue deployed.
for (const dialect of testDialects().filter((name) => name === 'postgres')) {
  describe(`a production install from the build [${dialect}]`, () => {
    let folder: string;
    let database: TTestDatabase;
    let install: ReturnType<typeof npm>;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'portal-prod-install-'));
      for (const file of [
        'package.json',
        'package-lock.json',
        ...workspaces.map((w) => `${w}/package.json`),
      ]) {
        mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
        copyFileSync(path.join(root, file), path.join(folder, file));
      }
      await buildServer({ outdir: path.join(folder, 'apps/server/dist') });
      install = npm(folder, [
        'install',
        '--omit=dev',
        '--ignore-scripts',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
      ]);
      database = await createTestDatabase(dialect);
    }, 300_000);
    afterAll(async () => {
      await database.drop();
      await rm(folder, { recursive: true, force: true });
    });

    it('installs without development packages and without engine warnings', () => {
      expect(install.status, install.stderr).toBe(0);
      expect(`${install.stdout}${install.stderr}`).not.toContain('EBADENGINE');
      for (const dev of ['tsx', 'esbuild', 'vitest', 'vite', 'typescript']) {
        expect(existsSync(path.join(folder, 'node_modules', dev)), dev).toBe(false);
      }
      // Installed, not compiled: a PostgreSQL host never loads it.
      expect(existsSync(path.join(folder, 'node_modules/better-sqlite3/build'))).toBe(false);
    });

    it('serves sign-in with start:prod, and create-user:prod creates a user', async () => {
      const dataDir = path.join(folder, 'data');
      const port = await freePort();
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_ACCOUNTS: 'true',
        DEMO_PASSWORD: PASSWORD,
        FIRST_START_SYNC: 'false',
        LOG_LEVEL: 'warn',
      };
      // In a process group of its own, so the portal is stopped with npm whatever npm does
      // with the signal (a busy run once left it serving after the test).
      const child = spawn('npm', ['run', 'start:prod', '--silent'], {
        cwd: folder,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: true,
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const exited = new Promise<string>((resolve) =>
        child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
      );
      try {
        const url = `http://127.0.0.1:${port}`;
        await waitForHealth(url, child).catch((error: unknown) => {
          throw new Error(`${(error as Error).message}\n${stderr}`);
        });
        const login = await fetch(`${url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
        });
        expect(login.status).toBe(200);
        const cookie = login.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
        expect((await fetch(`${url}/api/check-auth`, { headers: { cookie } })).status).toBe(200);

        const created = npm(
          folder,
          [
            'run',
            'create-user:prod',
            '--silent',
            '--',
            '--email',
            'ops@example.org',
            '--role',
            'admin',
          ],
          env,
        );
        expect(created.stdout).toMatch(
          /^created ops@example\.org \(admin\); temporary password \(valid 7 days\): /,
        );
        expect(created.status).toBe(0);
        // The same tool on a SQLite file says SQLite is not installed, and what to do.
        const sqlite = npm(
          folder,
          [
            'run',
            'create-user:prod',
            '--silent',
            '--',
            '--email',
            'x@example.org',
            '--role',
            'admin',
          ],
          { ...env, DATABASE_URL: path.join(dataDir, 'portal.db') },
        );
        expect(sqlite.stderr.trim()).toBe(SQLITE_MISSING);
        expect(sqlite.status).toBe(1);
      } finally {
        // npm, the shell and the portal all get the signal; npm waits for the portal, then
        // ends by the same signal.
        process.kill(-child.pid!, 'SIGTERM');
        expect(['SIGTERM', 'exit 0']).toContain(await exited);
      }
      expect(stderr).toBe('');
    });
  });
}
