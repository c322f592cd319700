import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestPortal } from './test/test-portal';

/**
 * Slow or piled-up connections must not lock everyone out: a request that arrives too
 * slowly is cut off after REQUEST_TIMEOUT_MS, and connections past MAX_CONNECTIONS are
 * refused while the others are served. Neither concerns the database, so SQLite only.
 */

const listen = async (portal: ReturnType<typeof useTestPortal>) => {
  const { app } = portal();
  if (!app.server.listening) {
    await app.listen({ host: '127.0.0.1', port: 0 });
  }
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) {
    throw new Error('the test portal is not listening');
  }
  return address.port;
};

const HEADERS =
  'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';

/**
 * Sends a login whose 1,000-byte body trickles in a byte every 100 ms (100 s in all).
 * Resolves when the server closes the connection, with what it answered and when.
 */
const trickle = (port: number) =>
  new Promise<{ elapsedMs: number; received: string; bytesSent: number }>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let bytesSent = 0;
    let drip: NodeJS.Timeout | undefined;
    // Ends the test's wait should the server never cut the connection.
    const giveUp = setTimeout(() => socket.destroy(), 15_000);
    socket.on('connect', () => {
      socket.write(HEADERS);
      drip = setInterval(() => {
        bytesSent += 1;
        socket.write('a');
      }, 100);
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ elapsedMs: Date.now() - started, received, bytesSent });
    });
  });

/** A keep-alive connection that has had one answer, so the server counts it open. */
const openConnection = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    socket.once('data', () => resolve(socket));
    socket.once('error', reject);
  });

/** What a connection past the limit gets: closed with no answer at all. */
const refusedConnection = (port: number) =>
  new Promise<string>((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    // Ends the test's wait should the server keep the connection.
    const giveUp = setTimeout(() => socket.destroy(), 5_000);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(received);
    });
  });

describe('a slow request body', () => {
  const portal = useTestPortal('sqlite', { REQUEST_TIMEOUT_MS: '1500' });

  it('is cut off with a 408 after REQUEST_TIMEOUT_MS while other requests are served', async () => {
    const port = await listen(portal);
    const slow = trickle(port);
    const others = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`http://127.0.0.1:${port}/api/health`)),
    );
    expect(others.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);

    const { elapsedMs, received, bytesSent } = await slow;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsedMs).toBeGreaterThanOrEqual(1400);
    expect(elapsedMs).toBeLessThan(5000);
    expect(bytesSent).toBeLessThan(1000);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});

describe('connections past MAX_CONNECTIONS', () => {
  const portal = useTestPortal('sqlite', { MAX_CONNECTIONS: '5' });

  it('are refused while the open ones keep being served, and accepted once those close', async () => {
    const port = await listen(portal);
    const open = await Promise.all(Array.from({ length: 5 }, () => openConnection(port)));
    expect(await refusedConnection(port)).toBe('');

    // An open connection is still served.
    const [first] = open;
    const answered = new Promise<string>((resolve) => {
      first?.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8')));
    });
    first?.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 200 /);

    await Promise.all(
      open.map(
        (socket) =>
          new Promise((resolve) => {
            socket.once('close', resolve);
            socket.destroy();
          }),
      ),
    );
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status)
      .toBe(200);
  });
});
