import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort } from '../lib/portal-process';
import { databaseCpuSpent, databaseServerCpu, processCpuMs } from './database';
import {
  findPatientList,
  portalBenchOptions,
  signIn,
  unkeptSearches,
  startBenchPortal,
  stopProcess,
  type TSession,
} from './portal';

/**
 * `npm run bench:api -- [--patients 100000] [--connections 16] [--seconds 5] [--database-url URL]`
 *
 * The API's floor: in one run, with the same autocannon load (keep-alive connections,
 * duration, a warm-up second before each), it measures
 *   - a bare node:http server answering the bytes signed-in check-auth answers
 *     (same body, same headers), in its own process like the portal;
 *   - GET /api/health (no session; two small queries);
 *   - signed-in GET /api/check-auth (token, session and user row, security headers);
 *   - the signed-in patient list with a search, 15 rows (plus order counts and the
 *     audit row of the read): one page asked again and again, as a payor's users open
 *     their dashboard;
 *   - the same list cycling through more searches than the portal keeps pages of, so
 *     that every page is read from the database afresh ("list-new").
 * Prints requests per second and each route's ratio to the bare server, measured just
 * before and just after the route and averaged, as a shared machine's speed drifts. Goals
 * (issue 11): check-auth ≥ 0.5x, patient list ≥ 0.1x. Not a test.
 */

const { values } = parseArgs({
  options: {
    ...portalBenchOptions,
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    'warmup-seconds': { type: 'string', default: '1' },
    /** Repeat the whole sequence; the ratios printed are the medians over the rounds. */
    rounds: { type: 'string', default: '1' },
    /** Measure only these routes (comma-separated: health, check-auth, list, list-new), e.g. for a profile. */
    routes: { type: 'string', default: 'health,check-auth,list,list-new' },
  },
});

const connections = Number(values.connections);
const seconds = Number(values.seconds);

type TMeasure = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /**
   * CPU time of the server process per answer, when /proc tells it: less swayed by other
   * work on the machine than requests per second, it is what one answer costs the server.
   */
  cpuUs: number | undefined;
  /** CPU time of the local MariaDB or PostgreSQL server per answer, when it is measured. */
  databaseCpuUs: number | undefined;
};

/** CPU ms spent over a run, as µs per answer. */
const perAnswer = (spentMs: number | undefined, answers: number) =>
  spentMs === undefined ? undefined : (spentMs * 1000) / answers;

/**
 * Each connection signed in as a session of its own, as different users' browsers would be:
 * with one session for all, the session reads of concurrent requests would be the same row.
 */
const run = (
  url: string,
  duration: number,
  sessions?: readonly TSession[],
  paths?: readonly string[],
) => {
  let next = 0;
  let nextPath = 0;
  return autocannon({
    url,
    connections,
    duration,
    ...(paths
      ? {
          requests: [
            {
              setupRequest: (request) => {
                request.path = paths[nextPath % paths.length];
                nextPath += 1;
                return request;
              },
            },
          ],
        }
      : {}),
    headers: sessions?.[0] ? { cookie: sessions[0].cookie } : {},
    setupClient: (client) => {
      const session = sessions?.[next % sessions.length];
      next += 1;
      if (session) {
        client.setHeaders({ cookie: session.cookie });
      }
    },
  });
};

/** A warm-up at full load (JIT, caches, connection pools), then the measured run; every answer must be 200. */
const measure = async (
  name: string,
  server: ChildProcess,
  url: string,
  sessions?: readonly TSession[],
  databaseUrl?: string,
  paths?: readonly string[],
): Promise<TMeasure> => {
  await run(url, Number(values['warmup-seconds']), sessions, paths);
  const cpuBefore = processCpuMs(server.pid);
  const databaseBefore = databaseServerCpu(databaseUrl);
  const result = await run(url, seconds, sessions, paths);
  const cpuAfter = processCpuMs(server.pid);
  const databaseAfter = databaseServerCpu(databaseUrl);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    cpuUs: perAnswer(
      cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
      result.requests.total,
    ),
    databaseCpuUs: perAnswer(
      databaseCpuSpent(databaseBefore, databaseAfter),
      result.requests.total,
    ),
  };
};

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Headers that belong to one response or one connection, not to what the route sends. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length']);

/**
 * The bare server: node:http answering every request with the captured body and headers.
 * Plain JavaScript in its own node process, so it pays nothing the portal would not.
 */
const BARE_SERVER = `
const { createServer } = require('node:http');
const { body, headers } = JSON.parse(process.env.BARE_RESPONSE);
const bytes = Buffer.from(body);
createServer((request, response) => {
  request.resume();
  response.writeHead(200, { ...headers, 'content-length': bytes.length });
  response.end(bytes);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
`;

const startBareServer = async (body: string, headers: Record<string, string>) => {
  const port = await freePort();
  const server = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, PORT: String(port), BARE_RESPONSE: JSON.stringify({ body, headers }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve());
    server.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/api/check-auth`, process: server };
};

const portal = await startBenchPortal(values);
let bare: ChildProcess | undefined;
try {
  const { url } = portal;
  const sessions: TSession[] = [];
  for (let index = 0; index < connections; index += 1) {
    sessions.push(await signIn(url));
  }
  const [session] = sessions;
  if (!session) {
    throw new Error('--connections must be at least 1');
  }
  const { list, search } = await findPatientList(url, session);
  const checkAuth = await fetch(`${url}/api/check-auth`, { headers: { cookie: session.cookie } });
  const body = await checkAuth.text();
  const headers = Object.fromEntries(
    [...checkAuth.headers].filter(([name]) => !PER_RESPONSE.has(name)),
  );
  const started = await startBareServer(body, headers);
  bare = started.process;
  console.log(
    `${connections} connections, ${seconds} s per route after ${values['warmup-seconds']} s of warm-up; check-auth answers ${Buffer.byteLength(body)} bytes of body`,
  );

  const searchUrl = (text: string) =>
    `${list}?page=1&per_page=15&search=${encodeURIComponent(text)}`;
  const wanted = new Set(values.routes.split(','));
  // More searches than the portal keeps pages (list-memo.ts), each asked in turn.
  const unkept = wanted.has('list-new')
    ? (await unkeptSearches(list, session, 256)).map((text) => {
        const { pathname, search: query } = new URL(searchUrl(text));
        return pathname + query;
      })
    : undefined;
  type TRoute = [string, string, string, readonly TSession[] | undefined, string[]?];
  const routes: TRoute[] = [
    ['health', 'GET /api/health', `${url}/api/health`, undefined],
    ['check-auth', 'GET /api/check-auth, signed in', `${url}/api/check-auth`, sessions],
    ['list', `patient list, search "${search}"`, searchUrl(search), sessions],
    ['list-new', `patient list, ${unkept?.length ?? 0} searches`, url, sessions, unkept ?? []],
  ];
  const chosen = routes.filter(([key]) => wanted.has(key));
  // The bare server runs before and after each route: on a shared machine the speed
  // drifts within a minute, so each route is compared with the bare runs next to it.
  const ratios = new Map<string, number[]>();
  const micros = (value: number | undefined) => value?.toFixed(0).padStart(5) ?? '    ?';
  const print = (result: TMeasure, ratio?: number) =>
    console.log(
      `${result.name.padEnd(36)} ${result.rps.toFixed(0).padStart(7)} req/s  ${ratio === undefined ? '      ' : `${ratio.toFixed(2).padStart(5)}x`}  CPU ${micros(result.cpuUs)} µs/req${result.databaseCpuUs === undefined ? '' : `  database CPU ${micros(result.databaseCpuUs)} µs/req`}  p50 ${result.p50} ms  p99 ${result.p99} ms  (${result.requests} requests)`,
    );
  const measureBare = () => measure('bare node:http, same bytes', started.process, started.url);
  for (let round = 1; round <= Number(values.rounds); round += 1) {
    console.log(`round ${round}:`);
    let before = await measureBare();
    print(before);
    for (const [key, name, routeUrl, routeSession, paths] of chosen) {
      const result = await measure(
        name,
        portal.process,
        routeUrl,
        routeSession,
        values['database-url'],
        paths,
      );
      const after = await measureBare();
      const ratio = result.rps / ((before.rps + after.rps) / 2);
      ratios.set(key, [...(ratios.get(key) ?? []), ratio]);
      print(result, ratio);
      print(after);
      before = after;
    }
  }
  console.log(
    `ratios to the mean of the bare runs just before and after each route${Number(values.rounds) > 1 ? ', median over the rounds' : ''}:`,
  );
  const goals = [
    ['check-auth', 'check-auth / bare:', 0.5],
    ['list', 'patient list / bare:', 0.1],
    ['list-new', 'list, new pages / bare:', 0.1],
  ] as const;
  for (const [key, label, goal] of goals) {
    const measured = ratios.get(key);
    if (measured) {
      const spread =
        measured.length > 1 ? ` (rounds: ${measured.map((r) => r.toFixed(2)).join(', ')})` : '';
      console.log(
        `${label.padEnd(24)} ${median(measured).toFixed(2)}x (goal ≥ ${goal.toFixed(2)}x)${spread}`,
      );
    }
  }
} finally {
  if (bare) {
    await stopProcess(bare);
  }
  await portal.stop();
}
