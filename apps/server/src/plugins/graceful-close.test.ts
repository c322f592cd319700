import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import gracefulClose from './graceful-close';

type TAnswer = { status: number; connection: string | undefined; body: string };

const get = (agent: http.Agent, port: number, path: string) =>
  new Promise<TAnswer>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
          }),
        );
      })
      .on('error', reject);
  });

describe('graceful close', () => {
  const agents: http.Agent[] = [];
  afterEach(() => {
    agents.splice(0).forEach((agent) => agent.destroy());
  });

  const start = async () => {
    const app = Fastify({ logger: false, forceCloseConnections: false });
    await app.register(gracefulClose);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const slowArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    // Runs after the plugin's own preClose hook: the app is then closing.
    let markClosing = () => {};
    const closingStarted = new Promise<void>((resolve) => {
      markClosing = resolve;
    });
    app.addHook('preClose', (done) => {
      markClosing();
      done();
    });
    app.get('/fast', () => ({ ok: true }));
    app.get('/slow', async () => {
      arrived();
      await released;
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    agents.push(agent);
    return { app, port, agent, release, slowArrived, closingStarted };
  };

  it('keeps connections alive while the app runs', async () => {
    const { app, port, agent } = await start();
    const answer = await get(agent, port, '/fast');
    expect(answer).toEqual({ status: 200, connection: 'keep-alive', body: '{"ok":true}' });
    await app.close();
  });

  it('answers a request in flight during close with Connection: close, and the close ends with it', async () => {
    const { app, port, agent, release, slowArrived, closingStarted } = await start();
    const pending = get(agent, port, '/slow');
    await slowArrived;
    const closing = app.close();
    await closingStarted;
    release();
    const answer = await pending;
    expect(answer).toEqual({ status: 200, connection: 'close', body: '{"ok":true}' });
    // Without the header the keep-alive socket would hold the close open for its timeout.
    const started = Date.now();
    await closing;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
