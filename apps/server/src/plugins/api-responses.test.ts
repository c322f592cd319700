import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_MESSAGES } from '@portal/domain/messages';
import { loadConfig } from '../config';
import { seedScenario, signInScenario } from '../modules/patients/test-scenario';
import { useTestPortal } from '../test/test-portal';

/**
 * What every API answer looks like from outside (issue 10, finding 8): logs without
 * URLs, no-store caching, /api/docs only when asked for, and Fastify's own URL errors
 * in the product's body shape. None of it concerns the database, so SQLite only.
 */

const webDist = path.join(tmpdir(), `portal-web-${randomUUID()}`);

beforeAll(async () => {
  // A stand-in web build, to check its caching headers stay the static plugin's own.
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
  await writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1);');
});
afterAll(() => rm(webDist, { recursive: true, force: true }));

describe('API responses', () => {
  const lines: string[] = [];
  const portal = useTestPortal(
    'sqlite',
    { LOG_LEVEL: 'info', WEB_DIST: webDist },
    { logStream: { write: (line) => lines.push(line) } },
  );
  let request: Awaited<ReturnType<typeof signInScenario>>;
  beforeAll(async () => {
    await seedScenario(portal().database.db);
    request = await signInScenario(portal().app);
  });

  it('log one line per request with the route pattern, never the URL or its search text', async () => {
    lines.length = 0;
    const search = await request('caseManagerA', '/api/patients/payor/PAY-A/patients?search=Smith');
    expect(search.statusCode).toBe(200);
    const detail = await request('caseManagerA', '/api/patients/payor/PAY-A/patient/PA-1');
    expect(detail.statusCode).toBe(200);
    await portal().app.inject({ method: 'GET', url: '/api/no-such/PA-1?search=Smith' });

    expect(lines.filter((line) => /Smith|PA-1|search=/.test(line))).toEqual([]);
    const entries = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request');
    expect(entries.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: 'GET', route: '/api/patients/payor/:payor_key/patients', status: 200 },
      { method: 'GET', route: '/api/patients/payor/:payor_key/patient/:patient_key', status: 200 },
      { method: 'GET', route: '(no route)', status: 404 },
    ]);
    expect(entries.every((entry) => typeof entry.ms === 'number' && !('url' in entry))).toBe(true);
    expect(entries.every((entry) => !('req' in entry) && !('res' in entry))).toBe(true);
  });

  it('say Cache-Control: no-store on every /api answer, errors included', async () => {
    const { app } = portal();
    const answers = [
      await request('caseManagerA', '/api/patients/payor/PAY-A/patients'),
      await request('caseManagerA', '/api/patients/payor/PAY-A/patient/PA-1'),
      await request('caseManagerA', '/api/check-auth'),
      await request('caseManagerA', '/api/patients/payor/PAY-B/patients'),
      await request('caseManagerA', '/api/patients/payor/PAY-A/patients?page=0'),
      await app.inject({ method: 'GET', url: '/api/check-auth' }),
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x' } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 403, 400, 401, 200, 404, 400,
    ]);
    expect(answers.map((answer) => answer.headers['cache-control'])).toEqual(
      Array(answers.length).fill('no-store'),
    );
  });

  it('leave the web app’s own caching headers as they were', async () => {
    const { app } = portal();
    const index = await app.inject({ method: 'GET', url: '/patients' });
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answer a malformed URL with a 400 in the product’s body shape, without echoing it', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/%' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: STATUS_MESSAGES[400],
      code: 'bad_request',
    });
    expect(response.body).not.toContain('%');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keep /api/docs closed outside the embedded demo unless API_DOCS=true', async () => {
    const { app, config } = portal();
    expect(config.apiDocs).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});

describe('API_DOCS', () => {
  const portal = useTestPortal('sqlite', { API_DOCS: 'true' });

  it('defaults on in the embedded demo, off with a DATABASE_URL', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal' }).apiDocs).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal', API_DOCS: 'true' }).apiDocs).toBe(
      true,
    );
  });

  it('serves the OpenAPI document when asked for', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ paths: Record<string, unknown> }>().paths).toHaveProperty(
      '/api/patients/payor/{payor_key}/patients',
    );
  });
});
