import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index';
import { testDialects } from '../../test/databases';
import { useTestPortal } from '../../test/test-portal';

describe.each(testDialects())('GET /api/health [%s]', (dialect) => {
  const portal = useTestPortal(dialect);

  it('reports the database up with every migration applied', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { dialect, status: 'up', migrations: Object.keys(migrations).length },
      warehouse: { kind: 'duckdb', status: 'missing', last_sync: null },
    });
  });

  it('answers unknown API paths with the common error shape', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: 'The requested resource was not found.',
      code: 'not_found',
    });
  });

  it('sends security headers', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('OpenAPI document', () => {
  // Off by default with a DATABASE_URL, as every test portal has (config.ts, API_DOCS).
  const portal = useTestPortal('sqlite', { API_DOCS: 'true' });

  it('is served at /api/docs and lists the health route', async () => {
    const response = await portal().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/api/health');
  });
});

describe('health with the database down', () => {
  const portal = useTestPortal('sqlite');

  it('answers 503 and says the database is down', async () => {
    const { app, database } = portal();
    await database.destroy();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  });
});

describe.each(testDialects().filter((dialect) => dialect === 'postgres'))(
  'a lost database connection [%s]',
  (dialect) => {
    const portal = useTestPortal(dialect);

    it('is replaced, not fatal, when the server terminates idle connections', async () => {
      const { app, database } = portal();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // From a separate connection, as an administrator or a server restart would.
      const admin = new pg.Client({ connectionString: portal().config.databaseUrl });
      await admin.connect();
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode)
        .toBe(200);
      expect(database.dialect).toBe('postgres');
    });
  },
);
