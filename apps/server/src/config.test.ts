import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { dialectOf } from './db/database';

describe('config', () => {
  it('defaults to the embedded setup under ./data on 127.0.0.1:3000', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBe(path.resolve('data', 'portal.db'));
    expect(config.warehouseUrl).toBe(path.resolve('data', 'warehouse.duckdb'));
    expect(config.embedded).toBe(true);
    expect(config.demoAccounts).toBe(true);
    expect(config.appOrigin).toBe('http://127.0.0.1:3000');
  });

  it('moves everything with DATA_DIR and turns demo accounts off with a DATABASE_URL', () => {
    const moved = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(moved.databaseUrl).toBe('/srv/portal/portal.db');
    expect(moved.warehouseUrl).toBe('/srv/portal/warehouse.duckdb');

    const external = loadConfig({
      DATABASE_URL: 'postgres://db/portal',
      APP_ORIGIN: 'https://x.test/',
    });
    expect(external.embedded).toBe(false);
    expect(external.demoAccounts).toBe(false);
    expect(external.appOrigin).toBe('https://x.test');
  });

  it('rejects a port that is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a whole number');
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT must be a whole number');
  });

  it('reads the connection limits and timeouts', () => {
    const defaults = loadConfig({});
    expect(defaults.requestTimeoutMs).toBe(30_000);
    expect(defaults.headersTimeoutMs).toBe(10_000);
    expect(defaults.maxConnections).toBe(900);
    expect(defaults.maxConnectionsPerAddress).toBe(50);

    const set = loadConfig({
      REQUEST_TIMEOUT_MS: '20000',
      HEADERS_TIMEOUT_MS: '2500',
      MAX_CONNECTIONS: '400',
      MAX_CONNECTIONS_PER_ADDRESS: '10',
    });
    expect(set.requestTimeoutMs).toBe(20_000);
    expect(set.headersTimeoutMs).toBe(2_500);
    expect(set.maxConnections).toBe(400);
    expect(set.maxConnectionsPerAddress).toBe(10);

    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' }).maxConnectionsPerAddress).toBe(0);
    // Headers arrive within the whole request's time, however long their own setting.
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000' }).headersTimeoutMs).toBe(5_000);
    expect(
      loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '60000' }).headersTimeoutMs,
    ).toBe(5_000);
  });

  it('rejects connection limits and timeouts that are not whole numbers', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '0' })).toThrow(
      'HEADERS_TIMEOUT_MS must be a whole number',
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '1.5' })).toThrow(
      'HEADERS_TIMEOUT_MS must be a whole number',
    );
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(
      'MAX_CONNECTIONS_PER_ADDRESS must be a whole number',
    );
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(
      'MAX_CONNECTIONS_PER_ADDRESS must be a whole number',
    );
  });

  it('reads how long temporary passwords and invitation links last, a week unless told', () => {
    expect(loadConfig({}).temporaryPasswordDays).toBe(7);
    expect(loadConfig({ TEMPORARY_PASSWORD_DAYS: '2' }).temporaryPasswordDays).toBe(2);
    expect(() => loadConfig({ TEMPORARY_PASSWORD_DAYS: '0' })).toThrow(
      'TEMPORARY_PASSWORD_DAYS must be a whole number of at least 1, got "0"',
    );
  });

  it('picks the dialect from DATABASE_URL', () => {
    expect(dialectOf('/tmp/x.db')).toBe('sqlite');
    expect(dialectOf('sqlite:/tmp/x.db')).toBe('sqlite');
    expect(dialectOf('mysql://root@127.0.0.1/portal')).toBe('mysql');
    expect(dialectOf('mariadb://root@127.0.0.1/portal')).toBe('mysql');
    expect(dialectOf('postgresql://127.0.0.1/portal')).toBe('postgres');
    expect(() => dialectOf('mssql://x/y')).toThrow('not supported: mssql');
  });
});
