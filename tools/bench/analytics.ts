import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { portalBenchOptions, signIn, startBenchPortal, type TSession } from './portal';

/**
 * `npm run bench:analytics -- [--patients 100000] [--connections 16] [--seconds 5] [--database-url URL]
 *   [--prepared-wait S]`
 *
 * Starts the built portal on a generated warehouse (100k patients, ~1M orders by default;
 * its first start syncs everything, refilling the analytics summaries), signs in as the
 * demo admin, times each analytics call's first answer (computed from the summaries), then
 * drives each call with autocannon as bench:api does, between two runs of the baseline,
 * GET /api/check-auth. Prints requests per second and each call's ratio to the mean of the
 * baseline runs before and after it. Goal (issue 15): every call ≥ 0.2x. Not a test.
 */

const { values } = parseArgs({
  options: {
    ...portalBenchOptions,
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    'warmup-seconds': { type: 'string', default: '1' },
    /**
     * 0: the first answers are computed on request (ANALYTICS_WARM_MS=0, the cold figures).
     * N: the portal prepares its default answers after a sync (ANALYTICS_WARM_MS=1000) and
     * the bench waits N seconds after its start before asking (the prepared figures).
     */
    'prepared-wait': { type: 'string', default: '0' },
  },
});

const preparedWait = Number(values['prepared-wait']);
process.env.ANALYTICS_WARM_MS = preparedWait > 0 ? '1000' : '0';

const connections = Number(values.connections);

/** User + system CPU ms of a process (Linux /proc), as bench:api reads it; undefined elsewhere. */
const cpuMs = (pid: number | undefined): number | undefined => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
};

const server: { pid?: number | undefined } = {};

const run = (url: string, duration: number, session: TSession) =>
  autocannon({ url, connections, duration, headers: { cookie: session.cookie } });

/** A warm-up at full load, then the measured run; every answer must be 200. */
const measure = async (name: string, url: string, session: TSession) => {
  await run(url, Number(values['warmup-seconds']), session);
  const cpuBefore = cpuMs(server.pid);
  const result = await run(url, Number(values.seconds), session);
  const cpuAfter = cpuMs(server.pid);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  // CPU time per answer: what one answer costs the portal, less swayed than requests per
  // second by whoever else is using the machine.
  const cpuUs =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs,
  };
};

const portal = await startBenchPortal(values);
server.pid = portal.process.pid;
try {
  const { url } = portal;
  const session = await signIn(url, 'admin@example.com');
  if (preparedWait > 0) {
    await new Promise((resolve) => setTimeout(resolve, preparedWait * 1000));
  }
  const calls = [
    ['processing time, 30 days', `${url}/api/analytics/processing-time?days=30`],
    ['processing time, 180 days', `${url}/api/analytics/processing-time?days=180`],
    ['reorder patterns, 180 days', `${url}/api/analytics/reorder-patterns?days=180&min_orders=2`],
    ['status duration, 90 days', `${url}/api/analytics/status-duration?days=90`],
  ] as const;
  // The first answer of a period is computed from the summaries; later ones are memoised
  // until the next sync or the next day (docs/benchmarks.md).
  for (const [name, callUrl] of calls) {
    const started = performance.now();
    const response = await fetch(callUrl, { headers: { cookie: session.cookie } });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) {
      throw new Error(`${name}: HTTP ${response.status}`);
    }
    console.log(
      `${name.padEnd(28)} first answer${preparedWait > 0 ? ` (prepared, after ${preparedWait} s)` : ''} ${(performance.now() - started).toFixed(0)} ms, ${bytes} bytes`,
    );
  }
  type TResult = Awaited<ReturnType<typeof measure>>;
  const print = (result: TResult, ratio?: number) =>
    console.log(
      `${result.name.padEnd(28)} ${result.rps.toFixed(0).padStart(7)} req/s  ${ratio === undefined ? '      ' : `${ratio.toFixed(2).padStart(5)}x`}  CPU ${result.cpuUs?.toFixed(0).padStart(5) ?? '    ?'} µs/req  p50 ${result.p50} ms  p99 ${result.p99} ms`,
    );
  const baseline = () => measure('baseline GET /api/check-auth', `${url}/api/check-auth`, session);
  let before = await baseline();
  print(before);
  const ratios: { name: string; throughput: number; cpu: number | undefined }[] = [];
  for (const [name, callUrl] of calls) {
    const result = await measure(name, callUrl, session);
    const after = await baseline();
    const throughput = result.rps / ((before.rps + after.rps) / 2);
    const baseCpu =
      before.cpuUs !== undefined && after.cpuUs !== undefined
        ? (before.cpuUs + after.cpuUs) / 2
        : undefined;
    ratios.push({
      name,
      throughput,
      cpu: baseCpu !== undefined && result.cpuUs ? baseCpu / result.cpuUs : undefined,
    });
    print(result, throughput);
    print(after);
    before = after;
  }
  console.log(
    "ratios to the baseline runs just before and after each call (goal ≥ 0.20x): throughput, and check-auth CPU per answer / the call's",
  );
  for (const { name, throughput, cpu } of ratios) {
    console.log(
      `  ${name.padEnd(28)} ${throughput.toFixed(2)}x  (CPU ${cpu?.toFixed(2) ?? '?'}x) ${throughput >= 0.2 ? 'ok' : 'BELOW GOAL'}`,
    );
  }
} finally {
  await portal.stop();
}
