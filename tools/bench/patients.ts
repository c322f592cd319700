import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, waitForHealth } from '../lib/portal-process';
import { generateWarehouse } from '../warehouse/generate';

/**
 * `npm run bench:patients -- [--patients 100000] [--orders-per-patient 10] [--seconds 5]`
 *
 * Generates a warehouse (100k patients, ~1M orders by default), starts the built
 * portal on it in its own process (its first start syncs everything and ties the
 * demo case manager to the payor with the most patients), signs in, and drives
 * each route with concurrent keep-alive requests for a fixed time:
 *   - baseline: GET /api/check-auth, a trivial authenticated JSON route;
 *   - the patient list with a search, and its first and last unsearched pages.
 * Prints requests per second and the ratios the issue sets: search list ≥ 0.3x
 * the baseline, last page ≤ 2x the cost of the first. Not a test.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'Bench-Demo-Pass1!';

const { values } = parseArgs({
  options: {
    patients: { type: 'string', default: '100000' },
    'orders-per-patient': { type: 'string', default: '10' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
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
  },
});

type TSession = { cookie: string };

const signIn = async (url: string): Promise<TSession> => {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'case_manager@example.com', password: PASSWORD }),
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

const getJson = async <T>(url: string, session: TSession): Promise<T> => {
  const response = await fetch(url, { headers: { cookie: session.cookie } });
  if (!response.ok) {
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
};

type TMeasure = { name: string; rps: number; p50: number; p95: number; requests: number };

/** `concurrency` keep-alive request loops against one URL until `until`; every answer must be 200. */
const drive = async (url: string, session: TSession, until: number, latencies?: number[]) => {
  const loop = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      const response = await fetch(url, { headers: { cookie: session.cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) {
        throw new Error(`${url}: HTTP ${response.status}`);
      }
      latencies?.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, loop));
};

/** Warms the route up at full load for a second (JIT, caches), then measures it. */
const measure = async (name: string, url: string, session: TSession): Promise<TMeasure> => {
  await drive(url, session, performance.now() + 1000);
  const latencies: number[] = [];
  const started = performance.now();
  await drive(url, session, started + Number(values.seconds) * 1000, latencies);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    requests: latencies.length,
  };
};

const keepData = values.keep || values['data-dir'] !== undefined;
const dataDir = values['data-dir'] ?? (await mkdtemp(path.join(tmpdir(), 'portal-bench-')));
await mkdir(dataDir, { recursive: true });
const warehouseFile = path.join(dataDir, 'warehouse.duckdb');
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
let portal: ChildProcess | undefined;
try {
  const patients = Number(values.patients);
  if (existsSync(warehouseFile)) {
    console.log(`warehouse: reusing ${warehouseFile}`);
  } else {
    const generated = await generateWarehouse({
      file: warehouseFile,
      patients,
      ordersPerPatient: Number(values['orders-per-patient']),
      seed: 7,
    });
    console.log(
      `warehouse: ${generated.tables.PATIENTS ?? '?'} patients, ${generated.tables.SALESORDERS ?? '?'} orders in ${generated.ms} ms`,
    );
  }
  const syncStarted = Date.now();
  const nodeArgs = values['node-args'].split(' ').filter((arg) => arg.length > 0);
  portal = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
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
      ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The first start syncs a million orders before it listens.
  await waitForHealth(url, portal, 30 * 60_000);
  console.log(`first start (migrate, sync, demo accounts): ${Date.now() - syncStarted} ms`);

  const session = await signIn(url);
  const { user } = await getJson<{ user: { payor_key: string } }>(`${url}/api/check-auth`, session);
  const list = `${url}/api/patients/payor/${encodeURIComponent(user.payor_key)}/patients`;
  const first = await getJson<{ pages: number; total: number; patients: { last_name: string }[] }>(
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

  const results = [
    await measure('baseline GET /api/check-auth', `${url}/api/check-auth`, session),
    await measure(
      `patient list, search "${search}"`,
      `${list}?page=1&per_page=15&search=${encodeURIComponent(search)}`,
      session,
    ),
    await measure('patient list, first page', `${list}?page=1&per_page=15`, session),
    await measure(
      `patient list, last page (${first.pages})`,
      `${list}?page=${first.pages}&per_page=15`,
      session,
    ),
    await measure('baseline again', `${url}/api/check-auth`, session),
  ];
  for (const result of results) {
    console.log(
      `${result.name.padEnd(40)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  (${result.requests} requests)`,
    );
  }
  const [base, searchRun, firstRun, lastRun, baseAgain] = results as [
    TMeasure,
    TMeasure,
    TMeasure,
    TMeasure,
    TMeasure,
  ];
  const baseline = (base.rps + baseAgain.rps) / 2;
  const listRatio = searchRun.rps / baseline;
  const pageCost = firstRun.rps / lastRun.rps;
  console.log(`search list / baseline throughput: ${listRatio.toFixed(2)}x (goal ≥ 0.30x)`);
  console.log(`last page / first page cost:       ${pageCost.toFixed(2)}x (goal ≤ 2.00x)`);
} finally {
  portal?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (keepData) {
    console.log(`kept ${dataDir}`);
  } else {
    await rm(dataDir, { recursive: true, force: true });
  }
}
