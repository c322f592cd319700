import { parseArgs } from 'node:util';
import { getJson, portalBenchOptions, signIn, startBenchPortal } from './portal';
import { createMeasure, type TMeasure } from './measure';

/**
 * `npm run bench:worklist -- [--patients 100000] [--orders-per-patient 10] [--seconds 5]
 *   [--concurrency 1] [--database-url mysql://…|postgres://…] [--data-dir DIR] [--name Wil]`
 *
 * Generates a warehouse (100k patients, ~1M orders by default), starts the built portal
 * on it (its first start syncs everything, the worklist summary included, and ties the
 * demo case manager to the payor with the most patients), signs in and drives each route
 * for a fixed time with `concurrency` keep-alive request loops:
 *   - baseline: GET /api/check-auth, a trivial authenticated JSON route;
 *   - the worklist's Action Items by age: first page, last page, first page of one
 *     category, and the first page sorted by patient; searches by tracking number and
 *     by the first three letters of a last name (the first Action Item's patient's, or
 *     `--name`: the same letters at two sizes compare like with like), with its matches.
 * Prints p50/p95 and each route's p50 against the baseline's. The goal: the first
 * page under 50 ms median on SQLite at 100k patients / 1M orders. Not a test.
 */

const { values } = parseArgs({
  options: {
    ...portalBenchOptions,
    seconds: { type: 'string', default: '5' },
    // One loop measures a request's own time; more measure throughput under queueing.
    concurrency: { type: 'string', default: '1' },
    name: { type: 'string' },
  },
});

const measure = createMeasure({
  seconds: Number(values.seconds),
  concurrency: Number(values.concurrency),
});

type TWorklistPage = {
  pages: number;
  total: number;
  view_counts: Record<string, number>;
  orders: {
    so_classification_key: string | null;
    tracking_number: string | null;
    patient: { last_name: string | null };
  }[];
};

/** The most frequent value of a list, for a category and a tracking number to ask for. */
const mostFrequent = (items: (string | null)[]) => {
  const counts = new Map<string, number>();
  for (const item of items) {
    if (item) {
      counts.set(item, (counts.get(item) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
};

const portal = await startBenchPortal(values);
try {
  const { url } = portal;
  const session = await signIn(url);
  const { user } = await getJson<{ user: { payor_key: string } }>(`${url}/api/check-auth`, session);
  const list = `${url}/api/worklist/payor/${encodeURIComponent(user.payor_key)}/orders`;
  const firstUrl = `${list}?view=action_items&sort=age&page=1&per_page=25`;
  const first = await getJson<TWorklistPage>(firstUrl, session);
  const sample = await getJson<TWorklistPage>(`${list}?view=all&per_page=100`, session);
  const category = mostFrequent(sample.orders.map((order) => order.so_classification_key));
  const shipped = await getJson<TWorklistPage>(`${list}?view=shipped&per_page=100`, session);
  const tracking = mostFrequent(shipped.orders.map((order) => order.tracking_number));
  const name = values.name ?? first.orders[0]?.patient.last_name?.slice(0, 3) ?? 'smi';
  const named = await getJson<TWorklistPage>(
    `${list}?view=action_items&per_page=25&search=${encodeURIComponent(name)}`,
    session,
  );
  console.log(
    `payor ${user.payor_key}: ${first.view_counts.all ?? 0} orders, ${first.total} Action Items in ${first.pages} pages; category ${category ?? '-'}; "${name}" matches ${named.view_counts.all ?? 0} orders`,
  );

  const routes: [string, string][] = [
    ['baseline GET /api/check-auth', `${url}/api/check-auth`],
    ['worklist first page (Action Items, age)', firstUrl],
    [
      `worklist last page (${first.pages})`,
      `${list}?view=action_items&sort=age&page=${first.pages}&per_page=25`,
    ],
    [
      `worklist first page, category ${category ?? '-'}`,
      `${firstUrl}&categories=${encodeURIComponent(category ?? '')}`,
    ],
    ['worklist first page, patient sort', `${list}?view=action_items&sort=patient&per_page=25`],
    ...(tracking
      ? [
          [
            'worklist search by tracking number',
            `${list}?view=all&per_page=25&search=${encodeURIComponent(tracking)}`,
          ] as [string, string],
        ]
      : []),
    [
      `worklist search by name "${name}"`,
      `${list}?view=action_items&per_page=25&search=${encodeURIComponent(name)}`,
    ],
    ['baseline again', `${url}/api/check-auth`],
  ];
  const results: TMeasure[] = [];
  for (const [name, route] of routes) {
    results.push(await measure(name, route, session));
  }
  const baseline = ((results[0]?.p50 ?? 0) + (results.at(-1)?.p50 ?? 0)) / 2;
  for (const result of results) {
    console.log(
      `${result.name.padEnd(44)} p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  ${(result.p50 / baseline).toFixed(1).padStart(5)}x baseline  ${result.rps.toFixed(0).padStart(5)} req/s  (${result.requests} requests)`,
    );
  }
  const firstPage = results[1]?.p50 ?? Infinity;
  console.log(
    `first page p50 ${firstPage.toFixed(1)} ms (goal < 50 ms on SQLite at 100k patients / 1M orders)`,
  );
} finally {
  await portal.stop();
}
