import { sql } from 'kysely';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_MESSAGES } from '@portal/domain/messages';
import { testDialects } from '../test/databases';
import { TEST_SERVER_URLS, type TServerDialect } from '../test/dialect-servers';
import { insertPatients, insertPayors } from '../test/erp-fixtures';
import {
  PROCESS_DEMO_PASSWORD,
  signInOverHttp,
  startPortalProcess,
  type TPortalProcess,
} from '../test/portal-process';
import { useTestPortal } from '../test/test-portal';
import { isConnectionLost } from './connection-errors';
import { createDatabase } from './database';

/**
 * Ends every connection a portal holds to its own test database, as an administrator
 * or a failover would; connections to any other database are never touched.
 * Answers how many it ended.
 */
const endConnections: Record<TServerDialect, (databaseUrl: string) => Promise<number>> = {
  postgres: async (databaseUrl) => {
    const admin = new pg.Client({ connectionString: TEST_SERVER_URLS.postgres });
    await admin.connect();
    try {
      const result = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(databaseUrl).pathname.slice(1)],
      );
      return result.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  },
  mysql: async (databaseUrl) => {
    const admin = await mysql.createConnection({ uri: TEST_SERVER_URLS.mysql });
    try {
      const [rows] = await admin.query<mysql.RowDataPacket[]>(
        'select id from information_schema.processlist where db = ? and id <> connection_id()',
        [new URL(databaseUrl).pathname.slice(1)],
      );
      for (const row of rows) {
        // 1094: the connection ended on its own since the list was read.
        await admin.query('KILL CONNECTION ?', [row.id]).catch((error: unknown) => {
          if ((error as { errno?: number }).errno !== 1094) {
            throw error;
          }
        });
      }
      return rows.length;
    } finally {
      await admin.end();
    }
  },
};

const serverDialects = testDialects().filter(
  (dialect): dialect is TServerDialect => dialect !== 'sqlite',
);

describe('isConnectionLost', () => {
  it('knows the drivers’ lost-connection errors from query faults', () => {
    expect(isConnectionLost(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    const killed = Object.assign(new Error('Connection was killed'), {
      errno: 1927,
      sqlState: '70100',
    });
    expect(isConnectionLost(killed)).toBe(true);
    const lost = Object.assign(new Error('x'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
    expect(isConnectionLost(new Error('wrapped', { cause: lost }))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(true);
    // Faults of the query itself stay 500s: a syntax error, a duplicate key.
    expect(isConnectionLost(Object.assign(new Error('x'), { code: '42601' }))).toBe(false);
    const duplicate = Object.assign(new Error('x'), { errno: 1062, sqlState: '23000' });
    expect(isConnectionLost(duplicate)).toBe(false);
    expect(isConnectionLost('57P01')).toBe(false);
  });
});

describe.each(serverDialects)('a statement whose connection is ended [%s]', (dialect) => {
  const portal = useTestPortal(
    dialect,
    {},
    {
      beforeReady: (app) => {
        // The statement ends its own connection: the loss is certain, not a race.
        app.get('/api/test/end-own-connection', async () => {
          const statement =
            dialect === 'postgres'
              ? sql`select pg_terminate_backend(pg_backend_pid())`
              : sql`KILL CONNECTION CONNECTION_ID()`;
          await statement.execute(app.portal.database.db);
          return { ended: false };
        });
      },
    },
  );

  it('answers 503 in the product’s words, and the next request gets a new connection', async () => {
    const { app } = portal();
    const response = await app.inject({ method: 'GET', url: '/api/test/end-own-connection' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      error: STATUS_MESSAGES[503],
      code: 'unavailable',
    });
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode)
      .toBe(200);
  });
});

type TOutcome = number | 'hung' | 'network error';

/** Eight clients reading the patient list in a loop until told to stop. */
const startLoad = (portal: TPortalProcess, cookie: string) => {
  const outcomes: TOutcome[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let stopped = false;
  const record = (outcome: TOutcome) => {
    outcomes.push(outcome);
    for (const waiter of waiters.filter((each) => outcomes.length >= each.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const client = async () => {
    while (!stopped) {
      try {
        const response = await fetch(`${portal.url}/api/patients/payor/PAY-F/patients?search=sm`, {
          headers: { cookie },
          // Far longer than any answer takes; a request still open by then has hung.
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        record(response.status);
      } catch (error) {
        record((error as Error).name === 'TimeoutError' ? 'hung' : 'network error');
      }
    }
  };
  const clients = Array.from({ length: 8 }, client);
  return {
    outcomes,
    /** Resolves once this many more requests have settled. */
    settled: (more: number) =>
      new Promise<void>((resolve) => {
        waiters.push({ count: outcomes.length + more, resolve });
      }),
    stop: async () => {
      stopped = true;
      await Promise.all(clients);
    },
  };
};

describe.each(serverDialects)(
  'a portal process whose connections are cut under load [%s]',
  (dialect) => {
    let portal: TPortalProcess | undefined;

    beforeAll(async () => {
      portal = await startPortalProcess(dialect);
      // The portal has migrated its database by now; give it patients to list.
      const database = createDatabase(portal.databaseUrl);
      await insertPayors(database.db, [{ payor_key: 'PAY-F', company_name: 'Fault Care' }]);
      await insertPatients(
        database.db,
        Array.from({ length: 20 }, (_, index) => ({
          patient_key: `PF-${index}`,
          first_name: 'Sam',
          last_name: `Smith${index}`,
          payor_key: 'PAY-F',
        })),
      );
      await database.destroy();
    }, 90_000);

    afterAll(async () => {
      await portal?.stop();
    }, 60_000);

    it('stays up, answers every request (200 or 503), and serves again afterwards', async () => {
      const running = portal as TPortalProcess;
      const cookie = await signInOverHttp(running.url, 'admin@example.com', PROCESS_DEMO_PASSWORD);
      const load = startLoad(running, cookie);
      const ended: number[] = [];
      try {
        await load.settled(24);
        for (let round = 0; round < 3; round++) {
          ended.push(await endConnections[dialect](running.databaseUrl));
          await load.settled(40);
        }
      } finally {
        await load.stop();
      }

      expect(running.child.exitCode, running.stderr()).toBeNull();
      expect(running.child.signalCode, running.stderr()).toBeNull();
      expect(ended.every((count) => count > 0)).toBe(true);
      expect(load.outcomes.filter((outcome) => outcome !== 200 && outcome !== 503)).toEqual([]);
      expect(load.outcomes.filter((outcome) => outcome === 200).length).toBeGreaterThan(24);

      const read = () =>
        fetch(`${running.url}/api/patients/payor/PAY-F/patients`, { headers: { cookie } });
      await expect.poll(async () => (await read()).status).toBe(200);
      const after = await Promise.all(Array.from({ length: 8 }, read));
      expect(after.map((response) => response.status)).toEqual(Array(8).fill(200));
      expect(running.child.exitCode).toBeNull();
    }, 60_000);
  },
);
