import { describe, expect, it } from 'vitest';
import { ZMapping } from '@portal/domain/sync-mapping';
import { compileMapping, duckdbDialect } from '../compile';
import { DEFAULT_MAPPINGS } from '../default-groups';
import { checkSnowflakeCase } from './duckdb';

describe('the demo warehouse refuses what Snowflake refuses', () => {
  it('passes every default mapping and the engine’s own aliases', () => {
    for (const mapping of Object.values(DEFAULT_MAPPINGS)) {
      expect(() =>
        checkSnowflakeCase(compileMapping(ZMapping.parse(mapping), duckdbDialect)),
      ).not.toThrow();
    }
    expect(() => checkSnowflakeCase('SELECT "_q1"."patient_key" FROM x AS "_q1"')).not.toThrow();
  });

  it('fails a lower-case key column with invalid identifier', () => {
    expect(() => checkSnowflakeCase('SELECT "P"."patientkey" AS "patient_key"')).toThrow(
      `SQL compilation error: invalid identifier '"P"."patientkey"'`,
    );
  });
});
