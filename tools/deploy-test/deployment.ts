import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../lib/portal-process';
import { startProxy, type TProxy } from './nginx';
import { startPostgresCluster, type TPostgresCluster } from './postgres-cluster';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MAIN_JS = path.join(root, 'apps', 'server', 'dist', 'main.js');

export type TProcess = { name: string; url: string; port: number; child: ChildProcess };

export type TDeployment = {
  proxy: TProxy;
  postgres: TPostgresCluster;
  processes: TProcess[];
  /** The demo accounts' password (DEMO_PASSWORD of the first process). */
  password: string;
  stop: () => Promise<void>;
};

const DEMO_PASSWORD = `Deploy-${Math.random().toString(36).slice(2, 10)}-Test!9`;

/**
 * Two hosts as an operator deploys them (README, "Running in production"): the built
 * server started with node, each with its own DATA_DIR (so no secrets.json is shared),
 * one PostgreSQL database, one document store (STORAGE_URL) and one warehouse file, behind
 * nginx. The first process prepares the demo (accounts, warehouse, first sync); the second
 * joins an installed portal.
 */
export const startDeployment = async (count = 2): Promise<TDeployment> => {
  if (!existsSync(MAIN_JS)) {
    throw new Error(`${MAIN_JS} is missing; run \`npm run build\` first`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'portal-deploy-'));
  const shared = path.join(work, 'shared');
  mkdirSync(path.join(shared, 'uploads'), { recursive: true });
  const postgres = await startPostgresCluster();
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const processes: TProcess[] = [];
  let proxy: TProxy | undefined;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(processes.map((process) => stopProcess(process)));
    postgres.stop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    for (const [index, port] of ports.entries()) {
      const first = index === 0;
      const name = `host-${String.fromCharCode(97 + index)}`;
      const child = spawn(process.execPath, [MAIN_JS], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: path.join(work, name),
          DATABASE_URL: postgres.url,
          STORAGE_URL: path.join(shared, 'uploads'),
          WAREHOUSE_URL: path.join(shared, 'warehouse.duckdb'),
          WAREHOUSE_PATIENTS: '200',
          TRUST_PROXY: '1',
          DEMO_ACCOUNTS: first ? 'true' : 'false',
          DEMO_PASSWORD,
          FIRST_START_SYNC: first ? 'true' : 'false',
          SCHEDULER_TICK_MS: '1000',
          LOG_LEVEL: 'warn',
          SESSION_SECRET: '',
          SECRETS_FILE: '',
        },
      });
      const url = `http://127.0.0.1:${port}`;
      const started = { name, url, port, child };
      processes.push(started);
      await waitForHealth(url, child, 180_000);
    }
    proxy = await startProxy(ports);
    return { proxy, postgres, processes, password: DEMO_PASSWORD, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** Stops a process as a rolling deploy would (SIGTERM), or at once when asked. */
export const stopProcess = async (host: TProcess, signal: NodeJS.Signals = 'SIGTERM') => {
  if (host.child.exitCode !== null || host.child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => host.child.once('exit', resolve));
  host.child.kill(signal);
  await exited;
};
