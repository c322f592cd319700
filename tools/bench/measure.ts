import type { TSession } from './portal';

export type TMeasure = { name: string; rps: number; p50: number; p95: number; requests: number };

/** One URL, or the next of several in turn. */
export type TTarget = string | (() => string);

/**
 * The benches' measure: `concurrency` keep-alive request loops against a target, warmed up
 * for a second (JIT, caches), then timed for `seconds`; every answer must be 200.
 */
export const createMeasure = (options: { seconds: number; concurrency: number }) => {
  const drive = async (target: TTarget, session: TSession, until: number, latencies?: number[]) => {
    const loop = async () => {
      while (performance.now() < until) {
        const url = typeof target === 'string' ? target : target();
        const sent = performance.now();
        const response = await fetch(url, { headers: { cookie: session.cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) {
          throw new Error(`${url}: HTTP ${response.status}`);
        }
        latencies?.push(performance.now() - sent);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, loop));
  };

  return async (name: string, target: TTarget, session: TSession): Promise<TMeasure> => {
    await drive(target, session, performance.now() + 1000);
    const latencies: number[] = [];
    const started = performance.now();
    await drive(target, session, started + options.seconds * 1000, latencies);
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
};
