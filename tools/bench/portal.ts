import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../lib/portal-process';
import { generateWarehouse } from '../warehouse/generate';
import { ensureDatabase, forgetSessions } from './database';

/**
 * What the benchmarks that drive the built portal share: a data dir (kept and reused
 * with --data-dir), a generated warehouse, a portal process of their own, the demo
 * case manager's session, and the patient search they measure.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'Bench-Demo-Pass1!';

/** The parseArgs options every portal benchmark takes. */
export const portalBenchOptions = {
  patients: { type: 'string', default: '100000' },
  'orders-per-patient': { type: 'string', default: '10' },
  'database-url': { type: 'string' },
  /** Keep the data dir (warehouse and portal database) for a closer look afterwards. */
  keep: { type: 'boolean', default: false },
  /**
   * Use this data dir, kept afterwards: a warehouse and synced database already there
   * are reused (the portal skips generation and the first sync), saving minutes per run.
   */
  'data-dir': { type: 'string' },
  /** Extra arguments for the portal's node process, e.g. --cpu-prof. */
  'node-args': { type: 'string', default: '' },
} as const;

export type TPortalBenchArgs = {
  patients: string;
  'orders-per-patient': string;
  'database-url'?: string;
  keep: boolean;
  'data-dir'?: string;
  'node-args': string;
};

export type TBenchPortal = {
  url: string;
  process: ChildProcess;
  dataDir: string;
  /** Stops the portal (waiting for its exit, so a --cpu-prof profile is written) and removes a temporary data dir. */
  stop: () => Promise<void>;
};

/** Resolves once the child has exited, or after `ms` (then it is killed). */
export const stopProcess = async (child: ChildProcess, ms = 10_000) => {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
};

/**
 * Generates the warehouse unless the data dir has one, starts the built portal on it
 * (its first start syncs everything and ties the demo case manager to the payor with
 * the most patients) and waits until it answers /api/health.
 */
export const startBenchPortal = async (args: TPortalBenchArgs): Promise<TBenchPortal> => {
  const keepData = args.keep || args['data-dir'] !== undefined;
  const dataDir = args['data-dir'] ?? (await mkdtemp(path.join(tmpdir(), 'portal-bench-')));
  await mkdir(dataDir, { recursive: true });
  const removeData = async () => {
    if (keepData) {
      console.log(`kept ${dataDir}`);
    } else {
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  const warehouseFile = path.join(dataDir, 'warehouse.duckdb');
  if (existsSync(warehouseFile)) {
    console.log(`warehouse: reusing ${warehouseFile}`);
  } else {
    const generated = await generateWarehouse({
      file: warehouseFile,
      patients: Number(args.patients),
      ordersPerPatient: Number(args['orders-per-patient']),
      seed: 7,
    });
    console.log(
      `warehouse: ${generated.tables.PATIENTS ?? '?'} patients, ${generated.tables.SALESORDERS ?? '?'} orders in ${generated.ms} ms`,
    );
  }
  if (args['database-url']) {
    await ensureDatabase(args['database-url']);
  }
  await forgetSessions(
    args['database-url']
      ? { url: args['database-url'] }
      : { sqliteFile: path.join(dataDir, 'portal.db') },
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const nodeArgs = args['node-args'].split(' ').filter((arg) => arg.length > 0);
  const portal = spawn(
    process.execPath,
    [...nodeArgs, path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_ACCOUNTS: '1',
        FIRST_START_SYNC: '1',
        DEMO_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    // The first start syncs a million orders before it listens.
    await waitForHealth(url, portal, 30 * 60_000);
  } catch (error) {
    await stopProcess(portal);
    await removeData();
    throw error;
  }
  console.log(`portal started (migrate, sync, demo accounts) in ${Date.now() - started} ms`);
  return {
    url,
    process: portal,
    dataDir,
    stop: async () => {
      await stopProcess(portal);
      await removeData();
    },
  };
};

export type TSession = { cookie: string };

/** Signs in as a demo account (the case manager unless told); the session's cookies, ready for a Cookie header. */
export const signIn = async (
  url: string,
  email = 'case_manager@example.com',
): Promise<TSession> => {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) {
    throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { cookie };
};

export const getJson = async <T>(url: string, session: TSession): Promise<T> => {
  const response = await fetch(url, { headers: { cookie: session.cookie } });
  if (!response.ok) {
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
};

export type TPatientList = {
  /** The list route of the case manager's payor, without a query. */
  list: string;
  pages: number;
  total: number;
  /** Three letters of a last name in the middle of the list. */
  search: string;
  searchTotal: number;
};

/** The case manager's patient list and a search in it, printed for the record. */
/**
 * Searches of the payor's list that each ask for a page no other asks for: the first one
 * to three letters of every last name, each as written, in lower and in upper case (the
 * search ignores case, so the three read the same rows), at least `atLeast` of them. The
 * portal keeps pages per search (modules/patients/list-memo.ts); cycling through more than
 * it keeps, every request reads its page afresh.
 */
export const unkeptSearches = async (
  list: string,
  session: TSession,
  atLeast: number,
): Promise<string[]> => {
  const names: string[] = [];
  for (let page = 1; ; page += 1) {
    const body = await getJson<{ pages: number; patients: { last_name: string | null }[] }>(
      `${list}?page=${page}&per_page=100`,
      session,
    );
    names.push(...body.patients.flatMap((patient) => patient.last_name ?? []));
    if (page >= body.pages) {
      break;
    }
  }
  const prefixes = new Set(names.flatMap((name) => [1, 2, 3].map((n) => name.slice(0, n))));
  const searches = [...prefixes].flatMap((prefix) => [
    prefix,
    prefix.toLowerCase(),
    prefix.toUpperCase(),
  ]);
  const distinct = [...new Set(searches)];
  if (distinct.length <= atLeast) {
    throw new Error(`only ${distinct.length} distinct searches; the portal keeps ${atLeast}`);
  }
  return distinct;
};

export const findPatientList = async (url: string, session: TSession): Promise<TPatientList> => {
  const { user } = await getJson<{ user: { payor_key: string } }>(`${url}/api/check-auth`, session);
  const list = `${url}/api/patients/payor/${encodeURIComponent(user.payor_key)}/patients`;
  const first = await getJson<{ pages: number; total: number }>(
    `${list}?page=1&per_page=15`,
    session,
  );
  const middle = await getJson<{ patients: { last_name: string }[] }>(
    `${list}?page=${Math.ceil(first.pages / 2)}&per_page=15`,
    session,
  );
  const search = (middle.patients[0]?.last_name ?? 'sm').slice(0, 3);
  const searched = await getJson<{ total: number }>(
    `${list}?page=1&per_page=15&search=${encodeURIComponent(search)}`,
    session,
  );
  console.log(
    `payor ${user.payor_key}: ${first.total} patients, ${first.pages} pages; search "${search}" matches ${searched.total}`,
  );
  return { list, pages: first.pages, total: first.total, search, searchTotal: searched.total };
};
