import { describe, expect, it } from 'vitest';
import { findCaseIssues, fixColumnRef, fixFilterFlags, namedIdentifiers } from './case-fixer';
import type { TMappingInput } from './sync-mapping';

const planted: TMappingInput = {
  mysql_table: 'payors',
  type: 'snowpark_dataframe',
  operations: [
    { type: 'base_table', table: 'PAYORS', alias: 'PY' },
    {
      type: 'join',
      table: 'COMPANIES',
      alias: 'C',
      conditions: [{ left: 'companykey', right: 'CompanyKey', filter: 'C.islatest = TRUE' }],
    },
    { type: 'filter', condition: 'PY.isLatest = TRUE AND py.isdeleted = FALSE AND PY.x = 1' },
    {
      type: 'select',
      columns: [
        { source: 'PY.payorkey', target: 'payor_key' },
        { source: ['C.companyname', 'PY.PAYORNAME'], target: 'company_name' },
        { source: 'PY.phone', target: 'phone' },
      ],
    },
  ],
};

describe('case fixer rules', () => {
  it('upper-cases key columns only, keeping the alias as written', () => {
    expect(fixColumnRef('p.patientkey')).toBe('p.PATIENTKEY');
    expect(fixColumnRef('billingaddresskey')).toBe('BILLINGADDRESSKEY');
    expect(fixColumnRef('SO.salesorderkey')).toBe('SO.SALESORDERKEY');
    expect(fixColumnRef('PE.firstname')).toBe('PE.FIRSTNAME');
    expect(fixColumnRef('X.IsDeleted')).toBe('X.ISDELETED');
    // Not a key column, or already upper case: left alone.
    expect(fixColumnRef('PE.phone')).toBe('PE.phone');
    expect(fixColumnRef('P.PATIENTKEY')).toBe('P.PATIENTKEY');
  });

  it('upper-cases the latest and deleted flags in filters, nothing else', () => {
    expect(fixFilterFlags("p.islatest = TRUE AND p.status = 'open'")).toBe(
      "p.ISLATEST = TRUE AND p.status = 'open'",
    );
    expect(fixFilterFlags('P.ISDELETED = FALSE')).toBe('P.ISDELETED = FALSE');
  });

  it('lists every issue of a planted mapping with its place, and fixes them all', () => {
    const { issues, fixed } = findCaseIssues([planted]);
    expect(issues.map((issue) => [issue.location, issue.before, issue.after])).toEqual([
      ['join COMPANIES, condition 1, left side', 'companykey', 'COMPANYKEY'],
      ['join COMPANIES, condition 1, right side', 'CompanyKey', 'COMPANYKEY'],
      ['join COMPANIES, condition 1, filter', 'C.islatest = TRUE', 'C.ISLATEST = TRUE'],
      [
        'filter',
        'PY.isLatest = TRUE AND py.isdeleted = FALSE AND PY.x = 1',
        'PY.ISLATEST = TRUE AND py.ISDELETED = FALSE AND PY.x = 1',
      ],
      ['column payor_key, source', 'PY.payorkey', 'PY.PAYORKEY'],
      ['column company_name, source', 'C.companyname', 'C.COMPANYNAME'],
    ]);
    expect(issues.every((issue) => issue.mysqlTable === 'payors')).toBe(true);
    // Fixed once, nothing is left to fix.
    expect(findCaseIssues(fixed).issues).toEqual([]);
    expect(fixed[0]!.operations![0]).toEqual(planted.operations![0]);
  });

  it('warns about object-typed column sources without changing them', () => {
    const mapping = {
      mysql_table: 't',
      type: 'snowpark_dataframe',
      operations: [
        { type: 'base_table', table: 'T' },
        { type: 'select', columns: [{ source: { name: 'X' }, target: 'x' }] },
      ],
    } as unknown as TMappingInput;
    const { issues, fixed } = findCaseIssues([mapping]);
    expect(issues).toEqual([
      expect.objectContaining({
        kind: 'object_source',
        severity: 'warning',
        before: '{"name":"X"}',
        after: null,
      }),
    ]);
    expect(fixed).toEqual([mapping]);
  });

  it('leaves query mappings and clean mappings alone', () => {
    const query: TMappingInput = { mysql_table: 'q', type: 'sql_query', query: 'select 1' };
    const clean: TMappingInput = {
      mysql_table: 'c',
      type: 'snowpark_dataframe',
      operations: [
        { type: 'base_table', table: 'C', alias: 'C' },
        { type: 'filter', condition: 'C.ISLATEST = TRUE' },
      ],
    };
    expect(findCaseIssues([query, clean])).toEqual({ issues: [], fixed: [query, clean] });
  });

  it('reads the identifiers a failure names as invalid', () => {
    expect(
      namedIdentifiers(`SQL compilation error: invalid identifier '"PY"."payortype"'`),
    ).toEqual([{ alias: 'PY', column: 'payortype' }]);
    expect(
      namedIdentifiers(
        "SQL compilation error: error line 1 at position 7\ninvalid identifier 'PAYORTYPE'",
      ),
    ).toEqual([{ alias: undefined, column: 'PAYORTYPE' }]);
    expect(namedIdentifiers('Binder Error: Referenced column "x" not found')).toEqual([]);
    expect(namedIdentifiers(undefined)).toEqual([]);
  });

  it('flags every identifier the failure named, key column or not (issue 31)', () => {
    const mapping: TMappingInput = {
      mysql_table: 'payors',
      type: 'snowpark_dataframe',
      operations: [
        { type: 'base_table', table: 'PAYOR', alias: 'PY' },
        { type: 'filter', condition: "PY.payortype <> 'payortype' AND PY.x = 1" },
        {
          type: 'select',
          columns: [
            { source: 'PY.PAYORKEY', target: 'payor_key' },
            { source: 'PY.payortype', target: 'payor_type' },
            { source: 'OTHER.payortype', target: 'other_type' },
          ],
        },
      ],
    };
    // Without the failure, payortype is not a key column: nothing to fix.
    expect(findCaseIssues([mapping]).issues).toEqual([]);
    const error = `SQL compilation error: invalid identifier '"PY"."payortype"'`;
    const { issues, fixed } = findCaseIssues([mapping], { error });
    expect(issues.map((issue) => [issue.location, issue.before, issue.after])).toEqual([
      [
        'filter',
        "PY.payortype <> 'payortype' AND PY.x = 1",
        "PY.PAYORTYPE <> 'payortype' AND PY.x = 1",
      ],
      ['column payor_type, source', 'PY.payortype', 'PY.PAYORTYPE'],
    ]);
    expect(findCaseIssues(fixed, { error }).issues).toEqual([]);
  });
});
