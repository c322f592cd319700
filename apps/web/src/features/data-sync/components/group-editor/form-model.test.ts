import { describe, expect, it } from 'vitest';
import type { TMappingInput } from '@portal/domain/sync-mapping';
import {
  duplicateForm,
  emptyColumn,
  emptyMapping,
  formToBody,
  formToMapping,
  idFromName,
  mappingToForm,
  moved,
  type TMappingForm,
} from './form-model';
import { summaryOf } from './mapping-editor';

/** The default payors mapping, as the server ships it. */
const PAYORS: TMappingInput = {
  mysql_table: 'payors',
  type: 'snowpark_dataframe',
  operations: [
    { type: 'base_table', table: 'PAYORS', alias: 'PY' },
    {
      type: 'join',
      table: 'COMPANIES',
      alias: 'C',
      how: 'inner',
      conditions: [
        {
          left: 'COMPANYKEY',
          right: 'COMPANYKEY',
          filter: 'C.ISLATEST = TRUE AND C.ISDELETED = FALSE',
        },
      ],
    },
    { type: 'filter', condition: 'PY.ISLATEST = TRUE AND PY.ISDELETED = FALSE' },
    {
      type: 'select',
      columns: [
        { source: 'PY.PAYORKEY', target: 'payor_key' },
        { source: ['C.NAME', 'PY.PAYORID'], target: 'company_name' },
      ],
    },
  ],
  truncate_first: true,
  use_upsert: false,
  key_columns: [],
};

const builder = (patch: Partial<TMappingForm>): TMappingForm => ({
  ...emptyMapping(),
  mysqlTable: 'payors',
  baseTable: 'PAYORS',
  ...patch,
});

describe('the mapping form', () => {
  it('reads a saved mapping and writes the same JSON back', () => {
    const form = mappingToForm(PAYORS);
    expect(form.kind).toBe('builder');
    expect(form.baseAlias).toBe('PY');
    expect(form.joins[0]!.conditions[0]!.filter).toContain('C.ISLATEST');
    expect(form.columns[1]!.sources).toEqual(['C.NAME', 'PY.PAYORID']);
    expect(formToMapping(form)).toEqual(PAYORS);
  });

  it('writes the builder as base table, joins, filters, then one select, blanks left out', () => {
    const mapping = formToMapping(
      builder({
        baseAlias: ' ',
        filters: [
          { key: 'a', condition: ' PAYORS.ISLATEST = TRUE ' },
          { key: 'b', condition: '' },
        ],
        columns: [emptyColumn('PAYORS.PAYORKEY', 'payor_key'), emptyColumn()],
      }),
    );
    expect(mapping.operations).toEqual([
      { type: 'base_table', table: 'PAYORS' },
      { type: 'filter', condition: 'PAYORS.ISLATEST = TRUE' },
      { type: 'select', columns: [{ source: 'PAYORS.PAYORKEY', target: 'payor_key' }] },
    ]);
  });

  it('selects every column when none is chosen, and keeps a blank base table for the spec message', () => {
    expect(formToMapping(builder({ baseTable: '' })).operations).toEqual([
      { type: 'base_table', table: '' },
    ]);
  });

  it('keeps only key columns that a column still fills', () => {
    const mapping = formToMapping(
      builder({
        columns: [emptyColumn('PY.PAYORKEY', 'payor_key')],
        keyColumns: ['payor_key', 'company_key'],
        useUpsert: true,
      }),
    );
    expect(mapping.key_columns).toEqual(['payor_key']);
    expect(mapping.use_upsert).toBe(true);
  });

  it('writes a SQL query mapping with its own type', () => {
    const raw = {
      mysql_table: 'doctors',
      type: 'raw_query' as const,
      query: 'SELECT 1 AS doctor_key',
    };
    const form = mappingToForm(raw);
    expect(form.kind).toBe('query');
    expect(formToMapping(form)).toMatchObject(raw);
    expect(
      formToMapping({ ...emptyMapping(), kind: 'query', mysqlTable: 'doctors', query: 'SELECT 2' })
        .type,
    ).toBe('sql_query');
  });

  it('keeps operations the builder cannot show as JSON, unchanged', () => {
    const nested: TMappingInput = {
      mysql_table: 'payors',
      type: 'snowpark_dataframe',
      operations: [
        { type: 'base_table', table: 'PAYORS' },
        { type: 'select', columns: [{ source: 'PAYORKEY', target: 'payor_key' }] },
        { type: 'filter', condition: 'payor_key IS NOT NULL' },
      ],
    };
    const form = mappingToForm(nested);
    expect(form.kind).toBe('json');
    expect(formToMapping(form).operations).toEqual(nested.operations);
    expect(formToMapping({ ...form, operationsJson: '[not json' }).operations).toBe('[not json');
  });
});

describe('the group form', () => {
  it('makes an id from the name', () => {
    expect(idFromName('Nightly payors (v2)')).toBe('nightly_payors_v2');
    expect(idFromName('  Café — Übersicht ')).toBe('cafe_ubersicht');
    expect(idFromName('2024 refresh')).toBe('g_2024_refresh');
    expect(idFromName('!!!')).toBe('');
    expect(idFromName('x'.repeat(80))).toHaveLength(60);
  });

  it('duplicates a group as a new one named Copy of, with the id plus _copy', () => {
    const copy = duplicateForm({
      id: 'payors',
      name: 'Payors',
      description: 'd',
      mappings: [PAYORS],
    });
    expect(copy).toMatchObject({ id: 'payors_copy', name: 'Copy of Payors', description: 'd' });
    const body = formToBody(copy, { create: true });
    expect(body).toMatchObject({
      create: true,
      group: { id: 'payors_copy', name: 'Copy of Payors' },
    });
    expect(body.group.mappings).toEqual([PAYORS]);
  });

  it('moves a mapping up and down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('a folded mapping', () => {
  it('says where its rows come from in a few words', () => {
    expect(summaryOf(mappingToForm(PAYORS))).toBe('From PAYORS, 1 join, 2 columns');
    expect(summaryOf(builder({ baseTable: '' }))).toBe('No base table yet, every column');
    expect(summaryOf({ ...emptyMapping(), kind: 'query' })).toBe('SQL query');
  });
});
