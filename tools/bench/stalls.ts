import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { portalBenchOptions, signIn, startBenchPortal } from './portal';

/**
 * `npm run bench:stalls -- --data-dir DIR [--database-url URL] [--seconds 90] [--warm-ms 10000]`
 *
 * The portal's first minute on a synced data dir, as a caller sees it: starts the built
 * portal (it prepares its analytics answers `--warm-ms` after its start, as it does after
 * every sync), then asks GET /api/check-auth back to back for `--seconds` and prints the
 * median, the 99th percentile, the longest wait and when it came, the answers slower than
 * 100 ms, and the portal's peak memory (VmHWM). A stall is the event loop held: a
 * trivial route waits for whatever holds it. Not a test.
 */

const { values } = parseArgs({
  options: {
    ...portalBenchOptions,
    seconds: { type: 'string', default: '90' },
    'warm-ms': { type: 'string', default: '10000' },
  },
});
process.env.ANALYTICS_WARM_MS = values['warm-ms'];

/** A process's peak resident memory in MB (Linux /proc), or undefined elsewhere. */
const peakMb = (pid: number | undefined) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
    return line ? Math.round(Number(line[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
};

const portal = await startBenchPortal(values);
try {
  const started = performance.now();
  const session = await signIn(portal.url);
  const answers: { at: number; ms: number }[] = [];
  const until = started + Number(values.seconds) * 1000;
  while (performance.now() < until) {
    const sent = performance.now();
    const response = await fetch(`${portal.url}/api/check-auth`, {
      headers: { cookie: session.cookie },
    });
    await response.arrayBuffer();
    if (response.status !== 200) {
      throw new Error(`GET /api/check-auth: HTTP ${response.status}`);
    }
    answers.push({ at: (sent - started) / 1000, ms: performance.now() - sent });
  }
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const worst = answers.reduce((a, b) => (b.ms > a.ms ? b : a));
  const slow = answers.filter((answer) => answer.ms > 100);
  console.log(
    `${answers.length} answers in ${values.seconds} s: p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, longest ${worst.ms.toFixed(0)} ms at ${worst.at.toFixed(1)} s`,
  );
  console.log(
    `over 100 ms: ${slow.length} answers, ${(slow.reduce((sum, answer) => sum + answer.ms, 0) / 1000).toFixed(1)} s in all${slow.length > 0 ? ` (from ${slow[0]!.at.toFixed(1)} s to ${slow.at(-1)!.at.toFixed(1)} s)` : ''}`,
  );
  console.log(`portal peak memory (VmHWM): ${peakMb(portal.process.pid) ?? '?'} MB`);
} finally {
  await portal.stop();
}
