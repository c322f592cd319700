import { describe, expect, it } from 'vitest';
import type { TMappingInput } from '@portal/domain/sync-mapping';
import { loadText, mappingSteps, mappingTypeText } from './mapping-text';

const payors: TMappingInput = {
  mysql_table: 'payors',
  type: 'snowpark_dataframe',
  truncate_first: true,
  operations: [
    { type: 'base_table', table: 'PAYOR', alias: 'PY' },
    {
      type: 'join',
      table: 'COMPANY',
      alias: 'C',
      how: 'left',
      conditions: [{ left: 'PY.COMPANYKEY', right: 'COMPANYKEY', filter: 'C.ISLATEST = 1' }],
    },
    {
      type: 'select',
      columns: [
        { source: 'PY.PAYORKEY', target: 'payor_key' },
        { source: ['C.NAME', 'PY.NAME'], target: 'company_name' },
      ],
    },
    { type: 'filter', condition: 'PY.ISDELETED = 0' },
  ],
};

describe('a mapping in words', () => {
  it('lists its operations in order, a select’s columns as source → target', () => {
    expect(mappingSteps(payors)).toEqual([
      { text: 'Start from PAYOR (as PY)' },
      {
        text: 'Look up COMPANY (as C) where PY.COMPANYKEY = COMPANYKEY and C.ISLATEST = 1',
      },
      {
        text: 'Copy 2 columns',
        items: ['PY.PAYORKEY → payor_key', 'first value of C.NAME, PY.NAME → company_name'],
      },
      { text: 'Keep rows where PY.ISDELETED = 0' },
    ]);
    expect(mappingTypeText(payors)).toBe('Built from warehouse tables');
    expect(loadText(payors)).toBe('Replaces the whole table');
  });

  it('shows a query mapping as its query, and an upsert by its keys', () => {
    const query: TMappingInput = {
      mysql_table: 'doctors',
      type: 'sql_query',
      query: 'SELECT 1',
      use_upsert: true,
      key_columns: ['doctor_key'],
    };
    expect(mappingSteps(query)).toEqual([{ text: 'Run: SELECT 1' }]);
    expect(mappingTypeText(query)).toBe('SQL query');
    expect(loadText(query)).toBe('Updates rows by doctor_key, adds new ones');
    expect(loadText({ mysql_table: 'x', type: 'raw_query' })).toBe('Adds rows');
  });
});
