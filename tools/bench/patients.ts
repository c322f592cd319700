import { parseArgs } from 'node:util';
import {
  findPatientList,
  portalBenchOptions,
  signIn,
  startBenchPortal,
  type TSession,
} from './portal';

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

const { values } = parseArgs({
  options: {
    ...portalBenchOptions,
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
  },
});

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

const portal = await startBenchPortal(values);
try {
  const { url } = portal;
  const session = await signIn(url);
  const { list, pages, search } = await findPatientList(url, session);

  const results = [
    await measure('baseline GET /api/check-auth', `${url}/api/check-auth`, session),
    await measure(
      `patient list, search "${search}"`,
      `${list}?page=1&per_page=15&search=${encodeURIComponent(search)}`,
      session,
    ),
    await measure('patient list, first page', `${list}?page=1&per_page=15`, session),
    await measure(
      `patient list, last page (${pages})`,
      `${list}?page=${pages}&per_page=15`,
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
  await portal.stop();
}
