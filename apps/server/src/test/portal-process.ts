import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '@portal/tools/lib/portal-process';
import type { TDialect } from '../db/database';
import { createTestDatabase } from './databases';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..', '..', '..');
const MAIN = path.join(root, 'apps', 'server', 'src', 'main.ts');

export const PROCESS_DEMO_PASSWORD = 'Fault-Test-Pass1!';

export type TPortalProcess = {
  url: string;
  databaseUrl: string;
  child: ChildProcess;
  /** What the process wrote to stderr, for a failing test's message. */
  stderr: () => string;
  /** Stops the process (if it still runs), drops its database and data dir. */
  stop: () => Promise<void>;
};

const exitOf = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
    } else {
      child.once('exit', () => resolve());
    }
  });

/**
 * Starts main.ts (through tsx, so the sources under test, not a stale bundle) as its
 * own process on a fresh database of the dialect and a throwaway data dir, with the
 * demo accounts (PROCESS_DEMO_PASSWORD). Resolves once /api/health answers.
 */
export const startPortalProcess = async (
  dialect: TDialect,
  env: Record<string, string> = {},
): Promise<TPortalProcess> => {
  const database = await createTestDatabase(dialect, { migrated: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-process-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_ACCOUNTS: 'true',
      DEMO_PASSWORD: PROCESS_DEMO_PASSWORD,
      FIRST_START_SYNC: 'false',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    // The tail is what explains a crash.
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  const exited = exitOf(child);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { url, databaseUrl: database.url, child, stderr: () => stderr, stop };
};

/** Signs in over HTTP and returns the Cookie header a browser would send afterwards. */
export const signInOverHttp = async (url: string, email: string, password: string) => {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) {
    throw new Error(`sign-in as ${email} answered ${response.status}`);
  }
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
};
