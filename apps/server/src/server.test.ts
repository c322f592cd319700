import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { verifyPassword } from './lib/passwords';
import { startPortal } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('embedded start', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-start-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // The first-start warehouse and sync have their own test (sync/first-start.test.ts).
  const config = (env: Record<string, string> = {}) =>
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      FIRST_START_SYNC: 'false',
      ...env,
    });

  it('creates secrets (in the database) and one demo account per role once, then reuses them', async () => {
    const first = await startPortal(config({ DEMO_PASSWORD: 'Demo-Pass1!' }), { logger: false });
    await first.stop();
    expect(first.demoAccounts.map((account) => account.email).sort()).toEqual([
      'admin@example.com',
      'case_manager@example.com',
      'case_manager_admin@example.com',
      'customer_service@example.com',
      'patient@example.com',
    ]);

    // Shared through the database (lib/secrets-resolve.ts), which only the portal's user reads.
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    expect((await stat(path.join(dataDir, 'portal.db'))).mode & 0o777).toBe(0o600);

    const second = await startPortal(config(), { logger: false });
    try {
      expect(second.demoAccounts).toEqual([]);
      expect(second.app.portal.secrets).toEqual(first.app.portal.secrets);
      const users = await second.database.db
        .selectFrom('users')
        .selectAll()
        .orderBy('email')
        .execute();
      expect(users.map((user) => [user.email, user.role, user.is_demo])).toEqual([
        ['admin@example.com', 'admin', 1],
        ['case_manager@example.com', 'case_manager', 1],
        ['case_manager_admin@example.com', 'case_manager_admin', 1],
        ['customer_service@example.com', 'customer_service', 1],
        ['patient@example.com', 'patient', 1],
      ]);
      const admin = users[0]!;
      expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(admin.password_hash!, 'Demo-Pass1!')).toBe(true);
      expect(await verifyPassword(admin.password_hash!, 'wrong')).toBe(false);
    } finally {
      await second.stop();
    }
  });

  it('generates a distinct random password per demo account without DEMO_PASSWORD', async () => {
    const portal = await startPortal(config(), { logger: false });
    await portal.stop();
    const passwords = portal.demoAccounts.map((account) => account.password);
    expect(new Set(passwords).size).toBe(5);
  });

  it('creates no demo accounts when the database is configured externally', async () => {
    const portal = await startPortal(config({ DATABASE_URL: path.join(dataDir, 'external.db') }), {
      logger: false,
    });
    const count = await portal.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await portal.stop();
    expect(portal.demoAccounts).toEqual([]);
    expect(count.n).toBe(0);
  });

  it('lets an in-flight request finish on stop, then closes the database', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived: () => void = () => undefined;
    const hasArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const portal = await startPortal(config(), {
      logger: false,
      beforeListen: (app) => {
        app.get('/api/test/slow', async () => {
          arrived();
          await released;
          return { done: true };
        });
      },
    });
    const inFlight = fetch(`${portal.url}/api/test/slow`).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
    await hasArrived;
    let stopped = false;
    const stopping = portal.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    await expect(fetch(`${portal.url}/api/health`)).rejects.toThrow();

    release();
    await expect(inFlight).resolves.toEqual({ status: 200, body: { done: true } });
    await stopping;
    await expect(portal.database.db.selectFrom('users').selectAll().execute()).rejects.toThrow();
  });
});

describe('the server process', () => {
  it('exits 0 on SIGTERM and leaves the SQLite database closed cleanly', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-proc-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'main.ts')], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DEMO_PASSWORD: 'Demo-Pass1!' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const listening = new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match?.[1]) {
            resolve(match[1]);
          }
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const url = await listening;
      expect(output).toContain('admin@example.com');
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);

      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'portal.db'))).toBe(true);
      // A clean close checkpoints the write-ahead log and removes it.
      expect(existsSync(path.join(dataDir, 'portal.db-wal'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
