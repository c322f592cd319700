import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web';

/** A build as vite writes it: fingerprinted assets with .br/.gz copies, and a hidden map. */
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;
const INDEX = `<!doctype html><html><head><title>Portal</title></head><body>${'<p>x</p>'.repeat(100)}</body></html>`;
/** The build's copy of index.html for one screen, naming that screen's chunks. */
const DASHBOARD_PAGE = INDEX.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/dashboard-def456.js"></head>',
);

const writeWithCopies = async (file: string, body: string) => {
  await writeFile(file, body);
  await writeFile(`${file}.br`, brotliCompressSync(body));
  await writeFile(`${file}.gz`, gzipSync(body));
};

let dist: string;
const servers: FastifyInstance[] = [];

const serve = async (sourceMaps: boolean) => {
  const app = Fastify();
  await registerWeb(app, { webDist: dist, sourceMaps });
  await app.ready();
  servers.push(app);
  return app;
};

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'portal-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeWithCopies(path.join(dist, 'index.html'), INDEX);
  await writeWithCopies(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
  await mkdir(path.join(dist, 'screens'));
  await writeWithCopies(path.join(dist, 'screens', 'dashboard.html'), DASHBOARD_PAGE);
  await writeFile(
    path.join(dist, 'screens', 'screens.json'),
    JSON.stringify({ '/dashboard': 'screens/dashboard.html' }),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((app) => app.close()));
  await rm(dist, { recursive: true, force: true });
});

describe('web assets', () => {
  it('sends the brotli copy to a client that accepts it, with the fingerprinted cache rule', async () => {
    const app = await serve(false);
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client without brotli, and the plain file to one that takes neither', async () => {
    const app = await serve(false);
    const gzipped = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends index.html compressed and re-checked, for the app route and a client-side path', async () => {
    const app = await serve(false);
    for (const url of ['/index.html', '/intake']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    }
  });

  it("sends a screen's address its own page, whatever the query, and other addresses index.html", async () => {
    const app = await serve(false);
    for (const url of ['/dashboard', '/dashboard?patient=12']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(DASHBOARD_PAGE);
    }
    for (const url of ['/login', '/dashboard/elsewhere', '/no-such-screen']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.body).toBe(INDEX);
    }
  });

  it('answers 404 for source maps unless SOURCE_MAPS is on', async () => {
    const hidden = await serve(false);
    const denied = await hidden.inject({ url: '/assets/index-abc123.js.map' });
    expect(denied.statusCode).toBe(404);
    expect(denied.body).not.toContain('"version":3');

    const shown = await serve(true);
    const served = await shown.inject({ url: '/assets/index-abc123.js.map' });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('{"version":3}');
  });

  it('answers 404 for a missing asset instead of index.html', async () => {
    const app = await serve(false);
    const response = await app.inject({ url: '/assets/index-gone999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('does not hand out the compressed copies by their own names', async () => {
    const app = await serve(false);
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
  });
});
