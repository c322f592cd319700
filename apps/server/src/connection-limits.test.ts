import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
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

/**
 * One address cannot take every slot: connections past MAX_CONNECTIONS_PER_ADDRESS from it
 * are closed at once, and a request whose headers trickle in is cut off after
 * HEADERS_TIMEOUT_MS, long before REQUEST_TIMEOUT_MS. On Linux all of 127.0.0.0/8 is
 * loopback, so 127.0.0.2 stands for a second client.
 */

const OTHER_ADDRESS = '127.0.0.2';

type TRawClient = {
  socket: Socket;
  /** Resolves once connected; a refused connection may never be. */
  connected: Promise<void>;
  /** Resolves when the connection closes, with what the server answered and when. */
  closed: Promise<{ elapsedMs: number; received: string }>;
  received: () => string;
  isClosed: () => boolean;
};

// Every raw socket a test opened, destroyed after it whatever its outcome.
const rawSockets = new Set<Socket>();
afterEach(() => {
  for (const socket of rawSockets) {
    socket.destroy();
  }
  rawSockets.clear();
});

/**
 * A client from `from` that writes `first` once connected, then `drip` every `everyMs` until
 * the connection closes (or 10 s, to bound the test's wait should the server never cut it).
 */
const rawClient = (
  port: number,
  options: { from: string; first: string; drip?: string; everyMs?: number },
): TRawClient => {
  const started = Date.now();
  const socket = connect({ host: '127.0.0.1', port, localAddress: options.from });
  rawSockets.add(socket);
  let received = '';
  let closed = false;
  let drip: NodeJS.Timeout | undefined;
  const giveUp = setTimeout(() => socket.destroy(), 10_000);
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  // A refused connection may be reset; the close that follows is what the tests read.
  socket.on('error', () => {});
  const connected = new Promise<void>((resolve) => {
    socket.once('connect', () => {
      socket.write(options.first);
      const { drip: text, everyMs = 100 } = options;
      if (text !== undefined) {
        drip = setInterval(() => socket.write(text), everyMs);
      }
      resolve();
    });
  });
  const done = new Promise<{ elapsedMs: number; received: string }>((resolve) => {
    socket.once('close', () => {
      closed = true;
      clearInterval(drip);
      clearTimeout(giveUp);
      rawSockets.delete(socket);
      resolve({ elapsedMs: Date.now() - started, received });
    });
  });
  return { socket, connected, closed: done, received: () => received, isClosed: () => closed };
};

/** Headers that never end: a header line every 100 ms. */
const slowHeaders = (port: number) =>
  rawClient(port, {
    from: OTHER_ADDRESS,
    first: 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
    drip: 'X-Slow: 1\r\n',
  });

/** Whole headers, then the 1,000-byte body a byte every 200 ms. */
const slowBody = (port: number) =>
  rawClient(port, { from: OTHER_ADDRESS, first: HEADERS, drip: 'a', everyMs: 200 });

/** A whole GET /api/health from `from` on a new connection, which ends with the answer. */
const healthOnce = async (port: number, from: string) =>
  rawClient(port, {
    from,
    first: 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
  }).closed;

describe('connections from one address past MAX_CONNECTIONS_PER_ADDRESS', () => {
  const portal = useTestPortal('sqlite', {
    MAX_CONNECTIONS_PER_ADDRESS: '10',
    HEADERS_TIMEOUT_MS: '1000',
  });

  it('are closed at once, trickled headers are cut off after HEADERS_TIMEOUT_MS, and others are served throughout', async () => {
    const port = await listen(portal);
    expect(portal().config.requestTimeoutMs).toBe(30_000);

    // Ten connections from one address: six trickling bodies, four trickling headers.
    const bodies = Array.from({ length: 6 }, () => slowBody(port));
    const headers = Array.from({ length: 4 }, () => slowHeaders(port));
    await Promise.all([...bodies, ...headers].map((client) => client.connected));

    // Meanwhile the usual client asks for the health check every 50 ms.
    const stop = new AbortController();
    const statuses: number[] = [];
    const usualClient = (async () => {
      for (let round = 0; round < 100 && !stop.signal.aborted; round++) {
        statuses.push((await fetch(`http://127.0.0.1:${port}/api/health`)).status);
        await delay(50);
      }
    })();

    // Past the cap: closed with no answer, at once rather than after a timeout.
    const refused = await Promise.all(
      Array.from({ length: 5 }, () => healthOnce(port, OTHER_ADDRESS)),
    );
    for (const { received, elapsedMs } of refused) {
      expect(received).toBe('');
      expect(elapsedMs).toBeLessThan(500);
    }

    // The trickled headers: a 408 about HEADERS_TIMEOUT_MS in, long before REQUEST_TIMEOUT_MS.
    for (const { received, elapsedMs } of await Promise.all(headers.map((c) => c.closed))) {
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(elapsedMs).toBeGreaterThanOrEqual(900);
      expect(elapsedMs).toBeLessThan(2_500);
    }
    // Their slots are free again, while the trickling bodies are still within their time.
    expect((await healthOnce(port, OTHER_ADDRESS)).received).toMatch(/^HTTP\/1\.1 200 /);
    expect(bodies.filter((client) => client.isClosed())).toEqual([]);

    stop.abort();
    await usualClient;
    expect(statuses.length).toBeGreaterThanOrEqual(5);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    for (const client of bodies) {
      client.socket.destroy();
    }
    await Promise.all(bodies.map((client) => client.closed));
  });
});

describe('connections from a proxy listed in TRUST_PROXY', () => {
  const portal = useTestPortal('sqlite', {
    MAX_CONNECTIONS_PER_ADDRESS: '3',
    TRUST_PROXY: OTHER_ADDRESS,
  });

  it('are not capped, as every client behind it shares its address; others still are', async () => {
    const port = await listen(portal);
    // Keep-alive connections, each answered once and then held open.
    const open = (from: string) =>
      rawClient(port, { from, first: 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' });
    const fromProxy = Array.from({ length: 5 }, () => open(OTHER_ADDRESS));
    const fromClient = Array.from({ length: 3 }, () => open('127.0.0.3'));
    await expect
      .poll(() =>
        [...fromProxy, ...fromClient].every((client) =>
          client.received().startsWith('HTTP/1.1 200'),
        ),
      )
      .toBe(true);
    expect((await healthOnce(port, '127.0.0.3')).received).toBe('');
    expect((await healthOnce(port, OTHER_ADDRESS)).received).toMatch(/^HTTP\/1\.1 200 /);
  });
});
