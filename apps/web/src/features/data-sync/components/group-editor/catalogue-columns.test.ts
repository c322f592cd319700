import { describe, expect, it } from 'vitest';
import type { TDestinationTable, TWarehouseTable } from '@portal/domain/data-sync-catalogue-api';
import {
  destinationKey,
  findTable,
  matchingColumns,
  qualifiedColumns,
  tablesInScope,
} from './catalogue-columns';
import { emptyColumn, emptyJoin, emptyMapping } from './form-model';

const column = (name: string) => ({ name, type: 'VARCHAR', nullable: true });
const table = (name: string, columns: string[]): TWarehouseTable => ({
  schema: 'main',
  name,
  path: name,
  columns: columns.map(column),
});
const TABLES = [
  table('PAYORS', ['PAYORKEY', 'COMPANYKEY', 'PAYORTYPE', 'ISLATEST']),
  table('COMPANIES', ['COMPANYKEY', 'NAME', 'ISLATEST']),
];
const PAYORS: TDestinationTable = {
  name: 'payors',
  columns: [
    { ...column('payor_key'), key: true },
    { ...column('company_key'), key: false },
    { ...column('company_name'), key: false },
    { ...column('payor_type'), key: false },
    { ...column('name'), key: false },
  ],
};

const withJoin = () => ({
  ...emptyMapping(),
  baseTable: 'PAYORS',
  baseAlias: 'PY',
  joins: [{ ...emptyJoin(), table: 'companies', alias: '' }],
});

describe('the catalogue pickers', () => {
  it('finds a table by path, schema.name or bare name, ignoring case', () => {
    expect(findTable(TABLES, 'payors')?.name).toBe('PAYORS');
    expect(findTable(TABLES, 'main.COMPANIES')?.name).toBe('COMPANIES');
    expect(findTable(TABLES, 'DB.ERP.PAYORS')?.name).toBe('PAYORS');
    expect(findTable(TABLES, 'NOPE')).toBeUndefined();
    expect(findTable(TABLES, ' ')).toBeUndefined();
  });

  it('qualifies columns by alias, a table without one by its name', () => {
    const scope = tablesInScope(withJoin(), TABLES);
    expect(scope.map((entry) => entry.alias)).toEqual(['PY', 'companies']);
    const groups = qualifiedColumns(scope);
    expect(groups[0]).toEqual({
      label: 'PY · PAYORS',
      values: ['PY.PAYORKEY', 'PY.COMPANYKEY', 'PY.PAYORTYPE', 'PY.ISLATEST'],
    });
    expect(groups[1]!.values).toContain('companies.NAME');
    // A join's left side reads only the tables before it.
    expect(tablesInScope(withJoin(), TABLES, 0)).toHaveLength(1);
  });

  it('adds matching columns by name, case and underscores aside, base table first', () => {
    const added = matchingColumns(withJoin(), TABLES, PAYORS);
    expect(added.map((row) => [row.sources, row.target])).toEqual([
      [['PY.PAYORKEY'], 'payor_key'],
      [['PY.COMPANYKEY'], 'company_key'],
      [['PY.PAYORTYPE'], 'payor_type'],
      [['companies.NAME'], 'name'],
    ]);
  });

  it('leaves columns already mapped as they are', () => {
    const mapping = {
      ...withJoin(),
      columns: [emptyColumn('companies.COMPANYKEY', 'company_key')],
    };
    const added = matchingColumns(mapping, TABLES, PAYORS);
    expect(added.map((row) => row.target)).toEqual(['payor_key', 'payor_type', 'name']);
    expect(matchingColumns(mapping, TABLES, undefined)).toEqual([]);
  });

  it("defaults the key to the destination's primary key", () => {
    expect(destinationKey(PAYORS)).toEqual(['payor_key']);
    expect(destinationKey(undefined)).toEqual([]);
  });
});
