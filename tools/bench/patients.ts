import { parseArgs } from 'node:util';
import { hasTrackingNumber } from '@portal/domain/tracking';
import {
  findPatientList,
  getJson,
  portalBenchOptions,
  signIn,
  startBenchPortal,
  type TSession,
} from './portal';
import { createMeasure, type TMeasure } from './measure';

/**
 * `npm run bench:patients -- [--patients 100000] [--orders-per-patient 10] [--seconds 5]`
 *
 * Generates a warehouse (100k patients, ~1M orders by default), starts the built
 * portal on it in its own process (its first start syncs everything and ties the
 * demo case manager to the payor with the most patients), signs in, and drives
 * each route with concurrent keep-alive requests for a fixed time:
 *   - baseline: GET /api/check-auth, a trivial authenticated JSON route;
 *   - the patient list with a search, and its first and last unsearched pages;
 *   - the one search box (issue 30) by phone, written 555-123-4567, and by tracking
 *     number, each cycling through more distinct values than the portal keeps pages
 *     for (modules/patients/list-memo.ts), so every request reads its page afresh.
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

const measure = createMeasure({
  seconds: Number(values.seconds),
  concurrency: Number(values.concurrency),
});

/** More distinct searches than the portal keeps pages for (list-memo.ts keeps 256). */
const UNKEPT = 300;

const dashed = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;

/**
 * Phones (dashed) and tracking numbers of the payor's patients, for the search by each:
 * the phones from the list's pages, the tracking numbers from those patients' shipped orders.
 */
const searchKeys = async (list: string, session: TSession) => {
  type TPage = { pages: number; patients: { patient_key: string; phone: string | null }[] };
  const phones = new Set<string>();
  const patientKeys: string[] = [];
  for (let page = 1; phones.size < UNKEPT; page += 1) {
    const body = await getJson<TPage>(`${list}?page=${page}&per_page=100`, session);
    for (const patient of body.patients) {
      const digits = patient.phone?.replace(/\D/g, '') ?? '';
      if (digits.length === 10) {
        phones.add(dashed(digits));
      }
      patientKeys.push(patient.patient_key);
    }
    if (page >= body.pages) {
      break;
    }
  }
  const tracking = new Set<string>();
  for (const key of patientKeys) {
    if (tracking.size >= UNKEPT) {
      break;
    }
    const orders = list.replace(/\/patients$/, `/patient/${encodeURIComponent(key)}/orders`);
    const body = await getJson<{ orders: { tracking_number: string | null }[] }>(
      `${orders}?view=shipped&per_page=100`,
      session,
    );
    for (const order of body.orders) {
      if (hasTrackingNumber(order.tracking_number)) {
        tracking.add(order.tracking_number.trim());
      }
    }
  }
  console.log(`search keys: ${phones.size} phones, ${tracking.size} tracking numbers`);
  if (phones.size === 0 || tracking.size === 0) {
    throw new Error('the payor has no patient with a phone or no order with a tracking number');
  }
  return { phones: [...phones], tracking: [...tracking] };
};

/** The list searched for each text in turn. */
const cycling = (list: string, texts: string[]) => {
  let next = 0;
  return () => {
    const text = texts[next % texts.length] ?? '';
    next += 1;
    return `${list}?page=1&per_page=15&search=${encodeURIComponent(text)}`;
  };
};

const portal = await startBenchPortal(values);
try {
  const { url } = portal;
  const session = await signIn(url);
  const { list, pages, search } = await findPatientList(url, session);
  const keys = await searchKeys(list, session);

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
    await measure('search by phone (555-123-4567)', cycling(list, keys.phones), session),
    await measure('search by tracking number', cycling(list, keys.tracking), session),
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
