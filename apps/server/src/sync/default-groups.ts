import { SYNC_DESTINATION_TABLES, type TSyncDestination } from '@portal/domain/sync-destinations';
import { INTAKE_STATUSES } from '@portal/domain/order-status';
import { DEFAULT_FULL_RELOAD_GROUP_ID, DEFAULT_FULL_SYNC_GROUP_ID } from '@portal/domain/sync-job';
import { ZSyncGroup, type TMappingInput, type TSyncGroup } from '@portal/domain/sync-mapping';

/**
 * The default mappings: every ERP table the portal reads, from the warehouse's
 * upper-case export. Each keeps only the latest, not-deleted version of a row.
 */

type TOperationInput = NonNullable<TMappingInput['operations']>[number];

const current = (alias: string) => `${alias}.ISLATEST = TRUE AND ${alias}.ISDELETED = FALSE`;

const dataframe = (
  table: string,
  operations: NonNullable<TMappingInput['operations']>,
): TMappingInput => ({
  mysql_table: table,
  type: 'snowpark_dataframe',
  operations,
  truncate_first: true,
});

/**
 * The large tables' mappings run incrementally (issue 33): by their key, reading only the
 * rows whose LASTMODIFIED (of any table the mapping reads) passed the last run's mark.
 */
const incremental = (mapping: TMappingInput, key: string, cursors: string[]): TMappingInput => ({
  ...mapping,
  truncate_first: false,
  use_upsert: true,
  key_columns: [key],
  incremental: { cursor_column: cursors.map((alias) => `${alias}.LASTMODIFIED`) },
});

/** A default mapping as a plain reload of the whole table, without its cursor (tests, tools). */
export const wholeTableMapping = (mapping: TMappingInput): TMappingInput => ({
  ...mapping,
  truncate_first: true,
  use_upsert: false,
  key_columns: [],
  incremental: undefined,
});

const cols = (pairs: Record<string, string | string[]>) =>
  Object.entries(pairs).map(([target, source]) => ({ source, target }));

const address = (prefix: 'b' | 'd', addressAlias: string, stateAlias: string) => ({
  [`${prefix}_street`]: `${addressAlias}.STREET`,
  [`${prefix}_suite`]: `${addressAlias}.SUITE`,
  [`${prefix}_city`]: `${addressAlias}.CITY`,
  [`${prefix}_state`]: `${stateAlias}.ABBREVIATION`,
  [`${prefix}_zip`]: `${addressAlias}.ZIP`,
});

const addressJoins = (key: string, addressAlias: string, stateAlias: string): TOperationInput[] => [
  {
    type: 'join',
    table: 'ADDRESSES',
    alias: addressAlias,
    conditions: [{ left: key, right: 'ADDRESSKEY', filter: current(addressAlias) }],
  },
  {
    type: 'join',
    table: 'STATES',
    alias: stateAlias,
    conditions: [
      { left: `${addressAlias}.STATEKEY`, right: 'STATEKEY', filter: current(stateAlias) },
    ],
  },
];

const currentOrder: TOperationInput = {
  type: 'join',
  table: 'SALESORDERS',
  alias: 'SO',
  how: 'inner',
  conditions: [{ left: 'SALESORDERKEY', right: 'SALESORDERKEY', filter: current('SO') }],
};

export const DEFAULT_MAPPINGS: Record<string, TMappingInput> = {
  patients: incremental(
    dataframe('patients', [
      { type: 'base_table', table: 'PATIENTS', alias: 'P' },
      {
        type: 'join',
        table: 'PERSONS',
        alias: 'PE',
        conditions: [{ left: 'PERSONKEY', right: 'PERSONKEY', filter: current('PE') }],
      },
      ...addressJoins('BILLINGADDRESSKEY', 'BA', 'BS'),
      ...addressJoins('DELIVERYADDRESSKEY', 'DA', 'DS'),
      {
        type: 'join',
        table: 'PATIENTPAYORS',
        alias: 'PP',
        conditions: [
          {
            left: 'PATIENTKEY',
            right: 'PATIENTKEY',
            filter: `${current('PP')} AND PP.PAYORLEVEL = 1`,
          },
        ],
      },
      { type: 'filter', condition: current('P') },
      {
        type: 'select',
        columns: cols({
          patient_key: 'P.PATIENTKEY',
          patient_id: 'P.PATIENTID',
          first_name: 'PE.FIRSTNAME',
          last_name: 'PE.LASTNAME',
          dob: 'PE.DOB',
          phone: ['PE.PHONE', 'PE.PHONEMOBILE'],
          phone_mobile: 'PE.PHONEMOBILE',
          email: 'PE.EMAIL',
          doctor_key: 'P.DOCTORKEY',
          payor_key: 'PP.PAYORKEY',
          ...address('b', 'BA', 'BS'),
          ...address('d', 'DA', 'DS'),
          created_at: 'P.CREATEDDATE',
        }),
      },
    ]),
    'patient_key',
    ['P', 'PE', 'BA', 'BS', 'DA', 'DS', 'PP'],
  ),
  doctors: dataframe('doctors', [
    { type: 'base_table', table: 'DOCTORS', alias: 'D' },
    { type: 'filter', condition: current('D') },
    {
      type: 'select',
      columns: cols({
        doctor_key: 'D.DOCTORKEY',
        first_name: 'D.FIRSTNAME',
        last_name: 'D.LASTNAME',
        npi: 'D.NPI',
        phone: 'D.DOCTORPHONE1',
        street: 'D.DOCTORSTREET',
        suite: 'D.DOCTORSUITE',
        city: 'D.DOCTORCITY',
        state: 'D.DOCTORSTATE',
        zip: 'D.DOCTORZIP',
      }),
    },
  ]),
  payors: dataframe('payors', [
    { type: 'base_table', table: 'PAYORS', alias: 'PY' },
    {
      type: 'join',
      table: 'COMPANIES',
      alias: 'C',
      how: 'inner',
      conditions: [{ left: 'COMPANYKEY', right: 'COMPANYKEY', filter: current('C') }],
    },
    { type: 'filter', condition: current('PY') },
    {
      type: 'select',
      columns: cols({
        payor_key: 'PY.PAYORKEY',
        company_key: 'C.COMPANYKEY',
        company_name: 'C.NAME',
        payor_type: 'PY.PAYORTYPE',
      }),
    },
  ]),
  so_classifications: dataframe('so_classifications', [
    { type: 'base_table', table: 'SOCLASSIFICATIONS', alias: 'SC' },
    { type: 'filter', condition: current('SC') },
    {
      type: 'select',
      columns: cols({
        so_classification_key: 'SC.SOCLASSIFICATIONKEY',
        name: 'SC.NAME',
        description: 'SC.DESCRIPTION',
      }),
    },
  ]),
  patient_payors: incremental(
    dataframe('patient_payors', [
      { type: 'base_table', table: 'PATIENTPAYORS', alias: 'PP' },
      {
        type: 'join',
        table: 'PAYORS',
        alias: 'PY',
        conditions: [{ left: 'PAYORKEY', right: 'PAYORKEY', filter: current('PY') }],
      },
      {
        type: 'join',
        table: 'COMPANIES',
        alias: 'C',
        conditions: [{ left: 'PY.COMPANYKEY', right: 'COMPANYKEY', filter: current('C') }],
      },
      { type: 'filter', condition: current('PP') },
      {
        type: 'select',
        columns: cols({
          patient_payor_key: 'PP.PATIENTPAYORKEY',
          patient_key: 'PP.PATIENTKEY',
          payor_key: 'PP.PAYORKEY',
          level: 'PP.LEVELNAME',
          level_rank: 'PP.PAYORLEVEL',
          company_name: 'C.NAME',
        }),
      },
    ]),
    'patient_payor_key',
    ['PP', 'PY', 'C'],
  ),
  orders: incremental(
    dataframe('orders', [
      { type: 'base_table', table: 'SALESORDERS', alias: 'SO' },
      {
        type: 'join',
        table: 'SOCLASSIFICATIONS',
        alias: 'SC',
        conditions: [
          { left: 'SOCLASSIFICATIONKEY', right: 'SOCLASSIFICATIONKEY', filter: current('SC') },
        ],
      },
      { type: 'filter', condition: current('SO') },
      {
        type: 'select',
        columns: cols({
          order_id: 'SO.SALESORDERKEY',
          so_number: 'SO.SONUMBER',
          patient_key: 'SO.PATIENTKEY',
          doctor_key: 'SO.DOCTORKEY',
          date_created: 'SO.DATECREATED',
          status: 'SO.STATUS',
          delivery_status: 'SO.DELIVERYSTATUS',
          delivery_date: 'SO.DELIVERYDATE',
          tracking_number: 'SO.TRACKINGNUMBER',
          carrier: 'SO.CARRIER',
          intake_status: 'SO.INTAKESTATUS',
          so_classification_key: 'SO.SOCLASSIFICATIONKEY',
          so_classification_name: 'SC.NAME',
        }),
      },
    ]),
    'order_id',
    ['SO', 'SC'],
  ),
  order_items: incremental(
    dataframe('order_items', [
      { type: 'base_table', table: 'SALESORDERITEMS', alias: 'L' },
      currentOrder,
      {
        type: 'join',
        table: 'ITEMS',
        alias: 'I',
        conditions: [{ left: 'ITEMKEY', right: 'ITEMKEY', filter: current('I') }],
      },
      { type: 'filter', condition: current('L') },
      {
        type: 'select',
        columns: cols({
          order_item_key: 'L.SALESORDERITEMKEY',
          order_id: 'L.SALESORDERKEY',
          so_number: 'L.SONUMBER',
          item_key: 'L.ITEMKEY',
          item_id: 'L.ITEMID',
          item_name: ['I.NAME', 'L.ITEMNAME'],
          description: 'I.DESCRIPTION',
          sku: 'L.SKU',
          hcpcs_code: 'L.HCPCSCODE',
          quantity: 'L.QUANTITY',
        }),
      },
    ]),
    'order_item_key',
    ['L', 'SO', 'I'],
  ),
  order_status_history: incremental(
    dataframe('order_status_history', [
      { type: 'base_table', table: 'SALESORDERSTATUSHISTORY', alias: 'H' },
      currentOrder,
      { type: 'filter', condition: current('H') },
      {
        type: 'select',
        columns: cols({
          status_history_key: 'H.STATUSHISTORYKEY',
          order_id: 'H.SALESORDERKEY',
          status: 'H.STATUS',
          entered_at: 'H.ENTEREDAT',
          exited_at: 'H.EXITEDAT',
        }),
      },
    ]),
    'status_history_key',
    ['H', 'SO'],
  ),
  intake_patients: {
    mysql_table: 'intake_patients',
    type: 'sql_query',
    truncate_first: true,
    query: `SELECT P.PATIENTKEY AS patient_key, P.PATIENTID AS patient_id, PE.FIRSTNAME AS first_name,
  PE.LASTNAME AS last_name, PE.DOB AS dob, COALESCE(PE.PHONE, PE.PHONEMOBILE) AS phone, PP.PAYORKEY AS payor_key
FROM PATIENTS P
JOIN PERSONS PE ON PE.PERSONKEY = P.PERSONKEY AND ${current('PE')}
LEFT JOIN PATIENTPAYORS PP ON PP.PATIENTKEY = P.PATIENTKEY AND ${current('PP')} AND PP.PAYORLEVEL = 1
WHERE ${current('P')} AND EXISTS (
  SELECT 1 FROM SALESORDERS SO WHERE SO.PATIENTKEY = P.PATIENTKEY AND ${current('SO')}
    AND SO.STATUS IN (${INTAKE_STATUSES.map((status) => `'${status}'`).join(', ')}))`,
  },
};

/**
 * Every destination, patient, doctor and company (payor) tables first: the rest refer to
 * them. The status history comes before the orders, so a load of orders builds each
 * order's worklist row and analytics with its history already in place: loaded after
 * them, the history rewrote every order's 'since' again (PostgreSQL: 34 s of a 97 s first
 * full sync at 50k patients). Until issue 33 the order was SYNC_DESTINATION_TABLES'.
 */
export const DEFAULT_TABLE_ORDER = [
  'patients',
  'doctors',
  'payors',
  'so_classifications',
  'patient_payors',
  'order_status_history',
  'orders',
  'order_items',
  'intake_patients',
] as const satisfies readonly TSyncDestination[];

/** The order the default groups' mappings had before issue 33. */
export const EARLIER_TABLE_ORDER: readonly string[] = SYNC_DESTINATION_TABLES;

const titleOf = (table: string) =>
  table
    .split('_')
    .map((word, index) => (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ')
    .replace(/^So /, 'SO ');

/** The mapping as a full reload: an incremental one reloads in full and sets its mark. */
const reloading = (mapping: TMappingInput): TMappingInput =>
  mapping.incremental
    ? { ...mapping, incremental: { ...mapping.incremental, full_reload: true } }
    : mapping;

/**
 * One group per destination table, then default_full_sync with all of them in order (the
 * large tables incremental), then default_full_reload: the same, every table reloaded in
 * full and reconciled, to run on demand or on a nightly schedule.
 */
export const defaultGroups = (): TSyncGroup[] => {
  const perTable = DEFAULT_TABLE_ORDER.map((table) => ({
    id: table,
    name: titleOf(table),
    description: DEFAULT_MAPPINGS[table]!.incremental
      ? `Brings the portal's ${table} table up to date with the rows changed in the warehouse since its last run`
      : `Replaces the portal's ${table} table from the warehouse`,
    mappings: [DEFAULT_MAPPINGS[table]!],
    isDefault: true,
  }));
  return [
    ...perTable,
    {
      id: DEFAULT_FULL_SYNC_GROUP_ID,
      name: 'Full sync',
      description: 'Every default mapping, patients, doctors and payors first',
      mappings: perTable.flatMap((group) => group.mappings),
      isDefault: true,
    },
    {
      id: DEFAULT_FULL_RELOAD_GROUP_ID,
      name: 'Full reload',
      description:
        'Every default mapping reloaded in full and reconciled, the incremental ones too: run it on demand, or schedule it nightly',
      mappings: perTable.flatMap((group) => group.mappings.map(reloading)),
      isDefault: true,
    },
  ].map((group) => ZSyncGroup.parse(group));
};
