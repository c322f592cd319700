import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Helpers for scripts that start the built portal as a child process (e2e, benchmarks). */

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address) {
          resolve(address.port);
        } else {
          reject(new Error('no port'));
        }
      });
    });
  });

/** Waits until GET /api/health answers 200; fails if the portal exits or time runs out. */
export const waitForHealth = async (url: string, portal: ChildProcess, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (portal.exitCode !== null) {
      throw new Error(`the portal exited with ${portal.exitCode} before it was healthy`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the portal at ${url} was not healthy within ${timeoutMs / 1000} s`);
};
