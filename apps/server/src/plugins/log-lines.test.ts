import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../db/database';
import { createTestDatabase, testDialects } from '../test/databases';
import { useTestPortal } from '../test/test-portal';
import { TEST_SERVER_URLS } from '../test/dialect-servers';

/**
 * Issue 32: every log line is JSON from the one logger. API requests are logged at info,
 * the web app's static files at debug only, and a PostgreSQL connection lost while idle is
 * a JSON warning, not console text in the stream.
 */
type TLine = { level: number; msg: string; route?: string; status?: number; err?: object };

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'portal-log-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'export {};\n');
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const waitFor = async <T>(find: () => T | undefined, what: string): Promise<T> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = find();
    if (found !== undefined) {
      return found;
    }
    if (Date.now() > deadline) {
      throw new Error(`no ${what} within 15 s`);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
};

describe('request log lines', () => {
  const raw: string[] = [];
  const portal = useTestPortal(
    'sqlite',
    {
      get WEB_DIST() {
        return dist;
      },
      LOG_LEVEL: 'info',
    },
    { logStream: { write: (line) => raw.push(line) } },
  );

  it('logs API requests at info, the web app’s files and pages only at debug', async () => {
    const { app } = portal();
    expect((await app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/patients' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const lines = raw.map((line) => JSON.parse(line) as TLine);
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.level, line.route, line.status])).toEqual([
      [30, '/api/health', 200],
    ]);
  });
});

// PostgreSQL's pool is the one that reports losing an idle connection.
for (const dialect of testDialects().filter((name) => name === 'postgres')) {
  describe(`a lost PostgreSQL connection [${dialect}]`, () => {
    const raw: string[] = [];
    const portal = useTestPortal(
      dialect,
      { LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => raw.push(line) } },
    );
    const terminateOthers = async (databaseUrl: string) => {
      const admin = new pg.Client({ connectionString: TEST_SERVER_URLS.postgres });
      await admin.connect();
      try {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [new URL(databaseUrl).pathname.slice(1)],
        );
      } finally {
        await admin.end();
      }
    };

    it('is a JSON warning through the app’s logger', async () => {
      const { app, config } = portal();
      // A query leaves a connection idle in the pool; the server then ends it.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      await terminateOthers(config.databaseUrl);
      const warning = await waitFor(
        () =>
          raw
            .map((line) => JSON.parse(line) as TLine)
            .find((line) => line.msg === 'PostgreSQL connection lost'),
        'connection-lost line',
      );
      expect(warning.level).toBe(40);
      expect(warning.err).toHaveProperty('message');
    });

    it('is a JSON line on stdout before any app hands its logger over', async () => {
      const testDatabase = await createTestDatabase(dialect);
      const database = createDatabase(testDatabase.url);
      const written: string[] = [];
      const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        written.push(String(chunk));
        return true;
      });
      try {
        await database.db
          .selectFrom('pg_catalog.pg_class' as never)
          .selectAll()
          .limit(1)
          .execute();
        await terminateOthers(testDatabase.url);
        const line = await waitFor(
          () => written.find((text) => text.includes('PostgreSQL connection lost')),
          'stdout line',
        );
        expect(JSON.parse(line)).toMatchObject({ level: 40, msg: 'PostgreSQL connection lost' });
      } finally {
        spy.mockRestore();
        await database.destroy();
        await testDatabase.drop();
      }
    });
  });
}
