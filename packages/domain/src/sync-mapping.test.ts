import { describe, expect, it } from 'vitest';
import { MAPPING_MESSAGES, ZSyncGroup, validateMapping } from './sync-mapping';
import { SYNC_DESTINATION_TABLES, destinationRefused } from './sync-destinations';

const errorsOf = (input: unknown): string[] => {
  const result = validateMapping(input);
  return result.ok ? [] : result.errors;
};

const dataframe = {
  mysql_table: 'patients',
  type: 'snowpark_dataframe',
  operations: [
    { type: 'base_table', table: 'PATIENTS', alias: 'P' },
    {
      type: 'join',
      table: 'PERSONS',
      alias: 'PE',
      conditions: [{ left: 'PERSONKEY', right: 'PERSONKEY', filter: 'PE.ISLATEST = TRUE' }],
    },
    { type: 'filter', condition: 'P.ISLATEST = TRUE AND P.ISDELETED = FALSE' },
    {
      type: 'select',
      columns: [
        { source: 'P.PATIENTKEY', target: 'patient_key' },
        { source: ['PE.PHONE', 'PE.PHONEMOBILE'], target: 'phone' },
      ],
    },
  ],
  truncate_first: true,
};

describe('validateMapping', () => {
  it('accepts a dataframe mapping and fills the defaults', () => {
    const result = validateMapping(dataframe);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.mapping).toMatchObject({ use_upsert: false, key_columns: [] });
      expect(result.mapping.operations?.[1]).toMatchObject({ type: 'join', how: 'left' });
    }
  });

  it.each([
    [{ type: 'sql_query', query: 'select 1' }, MAPPING_MESSAGES.tableRequired],
    [{ mysql_table: '  ', type: 'sql_query', query: 'select 1' }, MAPPING_MESSAGES.tableRequired],
    [{ mysql_table: 'orders' }, MAPPING_MESSAGES.typeRequired],
    [{ mysql_table: 'orders', type: 'snowpark_dataframe' }, MAPPING_MESSAGES.operationsArray],
    [
      { mysql_table: 'orders', type: 'snowpark_dataframe', operations: 'base_table' },
      MAPPING_MESSAGES.operationsArray,
    ],
    [
      { mysql_table: 'orders', type: 'snowpark_dataframe', operations: [] },
      MAPPING_MESSAGES.operationsEmpty,
    ],
    [
      {
        mysql_table: 'orders',
        type: 'snowpark_dataframe',
        operations: [{ type: 'filter', condition: 'X = 1' }],
      },
      MAPPING_MESSAGES.baseTableRequired,
    ],
    [
      {
        mysql_table: 'orders',
        type: 'snowpark_dataframe',
        operations: [{ type: 'base_table', table: ' ' }],
      },
      MAPPING_MESSAGES.baseTableRequired,
    ],
    [{ mysql_table: 'orders', type: 'raw_query', query: '' }, MAPPING_MESSAGES.queryRequired],
    [{ mysql_table: 'orders', type: 'sql_query' }, MAPPING_MESSAGES.queryRequired],
    [{ mysql_table: 'orders', type: 'python' }, 'Unsupported mapping type: python'],
    [
      { mysql_table: 'orders', type: 'sql_query', query: 'select 1', use_upsert: true },
      MAPPING_MESSAGES.keyColumnsRequired,
    ],
  ])('rejects %j with "%s"', (input, message) => {
    expect(errorsOf(input)).toEqual([message]);
  });

  it('starts the spec messages the way the spec shows them', () => {
    expect(MAPPING_MESSAGES.operationsArray).toMatch(/^Operations must be an array/);
    expect(MAPPING_MESSAGES.operationsEmpty).toMatch(/^Operations array cannot be empty/);
    expect(MAPPING_MESSAGES.baseTableRequired).toMatch(/^Base table operation is required/);
    expect(MAPPING_MESSAGES.unsupportedType).toBe('Unsupported mapping type');
  });

  it('names the field of a structural error', () => {
    const withObjectSource = {
      ...dataframe,
      operations: [
        { type: 'base_table', table: 'PATIENTS' },
        { type: 'select', columns: [{ source: { name: 'PATIENTKEY' }, target: 'patient_key' }] },
      ],
    };
    expect(errorsOf(withObjectSource)).toEqual([
      'operations.1.columns.0.source: Column source must be a column name or a list of column names',
    ]);
    expect(errorsOf({ ...dataframe, mysql_table: 'patients; drop table users' })).toEqual([
      destinationRefused('patients; drop table users'),
    ]);
    expect(
      errorsOf({
        ...dataframe,
        operations: [
          { type: 'base_table', table: 'A' },
          { type: 'base_table', table: 'B' },
        ],
      }),
    ).toEqual(['Only one base_table operation is allowed']);
  });

  it.each(['users', 'sessions', 'audit_log', 'admin_documents', 'sync_groups', 'Patients', ' x'])(
    'refuses %s as a destination, naming the allowed tables',
    (table) => {
      const [error] = errorsOf({ ...dataframe, mysql_table: table });
      expect(error).toBe(destinationRefused(table.trim()));
      expect(error).toContain(
        'Allowed tables: patients, doctors, payors, so_classifications, patient_payors, orders, order_items, order_status_history, intake_patients',
      );
    },
  );

  it.each(SYNC_DESTINATION_TABLES)('accepts %s as a destination', (table) => {
    expect(validateMapping({ ...dataframe, mysql_table: table }).ok).toBe(true);
  });

  it('parses sync groups with their mappings', () => {
    const group = ZSyncGroup.parse({ id: 'patients', name: 'Patients', mappings: [dataframe] });
    expect(group).toMatchObject({ isDefault: false, description: '' });
  });
});
