import { describe, expect, it } from 'vitest';
import { ZMapping, type TMappingInput } from '@portal/domain/sync-mapping';
import { compileMapping, countSql, duckdbDialect, snowflakeDialect } from './compile';

const compile = (input: TMappingInput, dialect = duckdbDialect) =>
  compileMapping(ZMapping.parse(input), dialect);

const dataframe = (operations: TMappingInput['operations']): TMappingInput => ({
  mysql_table: 'patients',
  type: 'snowpark_dataframe',
  operations,
});

const snowflake = snowflakeDialect({ database: 'ERP', schema: 'EXPORT' });

describe('compiling mappings to warehouse SQL', () => {
  it('base_table alone selects everything from the quoted table', () => {
    expect(compile(dataframe([{ type: 'base_table', table: 'PATIENTS' }]))).toBe(
      'SELECT * FROM "PATIENTS" AS "PATIENTS"',
    );
  });

  it('select aliases each source to its target; a list becomes COALESCE', () => {
    expect(
      compile(
        dataframe([
          { type: 'base_table', table: 'PERSONS', alias: 'PE' },
          {
            type: 'select',
            columns: [
              { source: 'PE.PERSONKEY', target: 'person_key' },
              { source: ['PE.PHONE', 'PE.PHONEMOBILE'], target: 'phone' },
              { source: 'FIRSTNAME', target: 'first_name' },
            ],
          },
        ]),
      ),
    ).toBe(
      'SELECT "PE"."PERSONKEY" AS "person_key", COALESCE("PE"."PHONE", "PE"."PHONEMOBILE") AS "phone", "FIRSTNAME" AS "first_name" FROM "PERSONS" AS "PE"',
    );
  });

  it('filter conditions are ANDed in WHERE, as written', () => {
    expect(
      compile(
        dataframe([
          { type: 'base_table', table: 'PATIENTS', alias: 'P' },
          { type: 'filter', condition: 'P.ISLATEST = TRUE' },
          { type: 'filter', condition: 'P.ISDELETED = FALSE OR P.ISDELETED IS NULL' },
        ]),
      ),
    ).toBe(
      'SELECT * FROM "PATIENTS" AS "P" WHERE (P.ISLATEST = TRUE) AND (P.ISDELETED = FALSE OR P.ISDELETED IS NULL)',
    );
  });

  it('join qualifies unqualified sides with the base and joined aliases and puts its filter in ON', () => {
    expect(
      compile(
        dataframe([
          { type: 'base_table', table: 'PATIENTS', alias: 'P' },
          {
            type: 'join',
            table: 'PERSONS',
            alias: 'PE',
            conditions: [{ left: 'PERSONKEY', right: 'PERSONKEY', filter: 'PE.ISLATEST = TRUE' }],
          },
          {
            type: 'join',
            table: 'STATES',
            how: 'inner',
            conditions: [
              { left: 'PE.STATEKEY', right: 'STATEKEY' },
              { left: 'P.REGION', right: 'STATES.REGION' },
            ],
          },
        ]),
      ),
    ).toBe(
      'SELECT * FROM "PATIENTS" AS "P"' +
        ' LEFT JOIN "PERSONS" AS "PE" ON "P"."PERSONKEY" = "PE"."PERSONKEY" AND (PE.ISLATEST = TRUE)' +
        ' INNER JOIN "STATES" AS "STATES" ON "PE"."STATEKEY" = "STATES"."STATEKEY" AND "P"."REGION" = "STATES"."REGION"',
    );
  });

  it('operations after a select read its output through a nested query', () => {
    expect(
      compile(
        dataframe([
          { type: 'base_table', table: 'ITEMS', alias: 'I' },
          { type: 'select', columns: [{ source: 'I.ITEMKEY', target: 'item_key' }] },
          { type: 'filter', condition: 'item_key > 10' },
        ]),
      ),
    ).toBe(
      'SELECT * FROM (SELECT "I"."ITEMKEY" AS "item_key" FROM "ITEMS" AS "I") AS "_q1" WHERE (item_key > 10)',
    );
  });

  it('quotes identifiers exactly as written, so lower case stays lower case', () => {
    expect(compile(dataframe([{ type: 'base_table', table: 'patients' }]))).toBe(
      'SELECT * FROM "patients" AS "patients"',
    );
  });

  it('runs raw_query and sql_query as written, without a trailing semicolon', () => {
    const query = 'SELECT PATIENTKEY AS patient_key FROM PATIENTS;  ';
    expect(compile({ mysql_table: 'patients', type: 'sql_query', query })).toBe(
      'SELECT PATIENTKEY AS patient_key FROM PATIENTS',
    );
    expect(compile({ mysql_table: 'patients', type: 'raw_query', query }, snowflake)).toBe(
      'SELECT PATIENTKEY AS patient_key FROM PATIENTS',
    );
    expect(countSql('SELECT 1')).toBe('SELECT COUNT(*) AS "N" FROM (SELECT 1) AS "_src"');
  });

  it('qualifies Snowflake tables with the configured database and schema', () => {
    const operations: TMappingInput['operations'] = [
      { type: 'base_table', table: 'PATIENTS', alias: 'P' },
      {
        type: 'join',
        table: 'OTHERDB.PUBLIC.PERSONS',
        alias: 'PE',
        conditions: [{ left: 'PERSONKEY', right: 'PERSONKEY' }],
      },
      { type: 'filter', condition: 'P.ISLATEST = TRUE' },
      { type: 'select', columns: [{ source: 'P.PATIENTKEY', target: 'patient_key' }] },
    ];
    expect(compile(dataframe(operations), snowflake)).toBe(
      'SELECT "P"."PATIENTKEY" AS "patient_key" FROM "ERP"."EXPORT"."PATIENTS" AS "P"' +
        ' LEFT JOIN "OTHERDB"."PUBLIC"."PERSONS" AS "PE" ON "P"."PERSONKEY" = "PE"."PERSONKEY"' +
        ' WHERE (P.ISLATEST = TRUE)',
    );
    expect(compile(dataframe(operations.slice(0, 1)), snowflakeDialect({ schema: 'EXPORT' }))).toBe(
      'SELECT * FROM "EXPORT"."PATIENTS" AS "P"',
    );
    expect(compile(dataframe(operations.slice(0, 1)), snowflakeDialect({}))).toBe(
      'SELECT * FROM "PATIENTS" AS "P"',
    );
  });
});
