import { describe, expect, it } from 'vitest';
import {
  parseSnowflakeUrl,
  snowflakeLabel,
  snowflakeSessionSql,
  snowflakeStatement,
} from './snowflake';
import { isSnowflakeUrl } from './index';

describe('Snowflake settings from WAREHOUSE_URL', () => {
  it('reads account, user, database, schema, warehouse and role', () => {
    const settings = parseSnowflakeUrl(
      'snowflake://sync%40portal:p%40ss@xy12345.us-east-1.snowflakecomputing.com/ERP_DB/EXPORT?warehouse=SYNC_WH&role=PORTAL_READER',
    );
    expect(settings).toEqual({
      account: 'xy12345.us-east-1',
      username: 'sync@portal',
      password: 'p@ss',
      database: 'ERP_DB',
      schema: 'EXPORT',
      warehouse: 'SYNC_WH',
      role: 'PORTAL_READER',
    });
    expect(snowflakeLabel(settings)).toBe('snowflake:xy12345.us-east-1/ERP_DB.EXPORT');
  });

  it('rejects a URL without an account or user', () => {
    expect(() => parseSnowflakeUrl('snowflake://acct/DB')).toThrow(/account and a user/);
    expect(() => parseSnowflakeUrl('postgres://u@h/db')).toThrow(/snowflake:\/\//);
  });

  it('chooses the connector by scheme', () => {
    expect(isSnowflakeUrl('snowflake://u:p@acct/DB/SCHEMA')).toBe(true);
    expect(isSnowflakeUrl('/data/warehouse.duckdb')).toBe(false);
  });

  it('sends every statement as exactly one, and limits how long it may run', () => {
    expect(snowflakeStatement('SELECT 1')).toEqual({
      sqlText: 'SELECT 1',
      streamResult: true,
      rowMode: 'array',
      parameters: { MULTI_STATEMENT_COUNT: 1 },
    });
    expect(snowflakeStatement('SELECT 1', { describeOnly: true })).toMatchObject({
      describeOnly: true,
      parameters: { MULTI_STATEMENT_COUNT: 1 },
    });
    expect(snowflakeSessionSql(300_000)).toBe(
      'ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = 300',
    );
    expect(snowflakeSessionSql(1)).toBe('ALTER SESSION SET STATEMENT_TIMEOUT_IN_SECONDS = 1');
  });
});
