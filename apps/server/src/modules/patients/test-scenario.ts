import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import type { Kysely } from 'kysely';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import {
  insertClassifications,
  insertDoctors,
  insertIntakePatients,
  insertOrderItems,
  insertOrders,
  insertPatients,
  insertPayors,
} from '../../test/erp-fixtures';
import { createTestUser, signIn, withSession, type TJar } from '../../test/sessions';
import { useTestPortal } from '../../test/test-portal';

/**
 * Two payors' worth of ERP rows and one user per kind of scope, shared by the
 * patient, order, favourite and preference API tests. Patient PA-1's orders cover
 * every status group, so its counts are known: 7 orders, 1 in progress, 3 shipped,
 * 2 pending documents; 4, 1, 2 and 1 with only the Respiratory classification.
 */

const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

export const USERS = {
  caseManagerA: { email: 'cm-a@example.com', role: 'case_manager', payorKey: 'PAY-A' },
  caseManagerB: { email: 'cm-b@example.com', role: 'case_manager', payorKey: 'PAY-B' },
  customerServiceA: { email: 'cs-a@example.com', role: 'customer_service', payorKey: 'PAY-A' },
  admin: { email: 'admin@example.com', role: 'admin', payorKey: null },
  noPayor: { email: 'nopayor@example.com', role: 'case_manager', payorKey: null },
  patient: { email: 'jane@example.com', role: 'patient', payorKey: 'PAY-A', patientKey: 'PA-1' },
} as const;

export type TScenarioUser = keyof typeof USERS;

export const seedScenario = async (db: Kysely<Database>) => {
  await insertPayors(db, [
    { payor_key: 'PAY-A', company_name: 'Acme Health' },
    { payor_key: 'PAY-B', company_name: 'Bay Care' },
    { payor_key: 'PAY-SELF', company_name: '[Patient]' },
  ]);
  await insertDoctors(db, [
    {
      doctor_key: 'DOC-1',
      first_name: 'Gregory',
      last_name: 'House',
      npi: '1234567890',
      phone: '5551234567',
      street: '1 Main St',
      suite: 'Suite 4',
      city: 'Princeton',
      state: 'NJ',
      zip: '08540',
    },
  ]);
  await insertPatients(db, [
    {
      patient_key: 'PA-1',
      patient_id: 'P1001',
      first_name: 'Jane',
      last_name: 'Smith',
      dob: '1980-02-03',
      phone: '5551112222',
      email: 'jane.smith@example.com',
      doctor_key: 'DOC-1',
      payor_key: 'PAY-A',
      b_street: '10 Bill Rd',
      b_city: 'Trenton',
      b_state: 'NJ',
      b_zip: '08601',
    },
    {
      patient_key: 'PA-2',
      patient_id: 'P1002',
      first_name: 'John',
      last_name: 'Smithers',
      payor_key: 'PAY-A',
    },
    {
      patient_key: 'PA-3',
      patient_id: 'P2001',
      first_name: 'Alice',
      last_name: 'Jones',
      payor_key: 'PAY-A',
    },
    {
      patient_key: 'PA-4',
      patient_id: 'P2002',
      first_name: 'Bob',
      last_name: 'Adams',
      payor_key: 'PAY-A',
    },
    {
      patient_key: 'PA-5',
      patient_id: 'P3001',
      first_name: 'Ann',
      last_name: 'Mc_Neil',
      payor_key: 'PAY-A',
    },
    {
      patient_key: 'PA-6',
      patient_id: 'P3002',
      first_name: 'Tom',
      last_name: 'Mcneil',
      payor_key: 'PAY-A',
    },
    {
      patient_key: 'PB-1',
      patient_id: 'P9001',
      first_name: 'Jane',
      last_name: 'Smithson',
      payor_key: 'PAY-B',
    },
  ]);
  await db
    .insertInto('patient_payors')
    .values([
      {
        patient_payor_key: 'PP-1',
        patient_key: 'PA-1',
        payor_key: 'PAY-A',
        level: 'Primary',
        level_rank: 1,
        company_name: 'Acme Health',
      },
      {
        patient_payor_key: 'PP-2',
        patient_key: 'PA-1',
        payor_key: 'PAY-SELF',
        level: 'Secondary',
        level_rank: 2,
        company_name: '[Patient]',
      },
      {
        patient_payor_key: 'PP-3',
        patient_key: 'PB-1',
        payor_key: 'PAY-B',
        level: 'Primary',
        level_rank: 1,
        company_name: 'Bay Care',
      },
    ])
    .execute();
  await insertClassifications(db, [
    { key: 'CL-RESP', name: 'Respiratory' },
    { key: 'CL-DIAB', name: 'Diabetic' },
  ]);
  const order = (id: string, status: string, iso: string, classification: string | null) => ({
    order_id: id,
    so_number: `SO-${id}`,
    patient_key: 'PA-1',
    doctor_key: 'DOC-1',
    status,
    date_created: day(iso),
    so_classification_key: classification,
    so_classification_name:
      classification === 'CL-RESP' ? 'Respiratory' : classification && 'Diabetic',
  });
  await insertOrders(db, [
    order('O1', '31 - Awaiting CMN (RX)', '2025-01-01', 'CL-RESP'),
    order('O2', '33 - Awaiting PAR', '2025-01-02', 'CL-DIAB'),
    order('O3', '40 - Ready To Ship', '2025-01-03', 'CL-RESP'),
    {
      ...order('O4', 'RCM - Billing', '2025-01-04', 'CL-RESP'),
      tracking_number: '1Z999AA10123456784',
      carrier: 'ups',
      delivery_date: '2025-01-08',
      delivery_status: 'Delivered',
    },
    order('O5', '44 - Pending POD', '2025-01-05', 'CL-DIAB'),
    order('O6', '45 - Pending POD (Tracking Error)', '2025-01-06', 'CL-RESP'),
    order('O7', 'Unknown status', '2025-01-07', null),
    { ...order('O8', '07 - New Intake Holds', '2025-01-08', 'CL-RESP'), patient_key: 'PA-2' },
    { ...order('OB1', '31 - Awaiting CMN (RX)', '2025-01-09', 'CL-RESP'), patient_key: 'PB-1' },
  ]);
  await insertOrderItems(db, [
    {
      order_item_key: 'I1',
      order_id: 'O4',
      so_number: 'SO-O4',
      item_key: 'K1',
      item_id: 'CPAP-1',
      item_name: 'CPAP machine',
      description: 'Auto CPAP with humidifier and heated tubing, full set',
      sku: 'SKU-1',
      hcpcs_code: 'E0601',
      quantity: 1,
    },
    {
      order_item_key: 'I2',
      order_id: 'O4',
      so_number: 'SO-O4',
      item_key: 'K2',
      item_id: 'MASK-1',
      item_name: 'Mask',
      description: 'Nasal mask',
      sku: 'SKU-2',
      hcpcs_code: 'A7034',
      quantity: 2,
    },
    {
      order_item_key: 'I3',
      order_id: 'OB1',
      so_number: 'SO-OB1',
      item_key: 'K3',
      item_id: 'TEST-1',
      item_name: 'Test strips',
      description: null,
      sku: 'SKU-3',
      hcpcs_code: 'A4253',
      quantity: 100,
    },
  ]);
  await insertIntakePatients(db, [
    {
      patient_key: 'IA-1',
      patient_id: 'N1001',
      first_name: 'Carl',
      last_name: 'Intake',
      dob: '1990-05-06',
      phone: '5553334444',
      payor_key: 'PAY-A',
    },
    {
      patient_key: 'IA-2',
      patient_id: 'N1002',
      first_name: 'Dana',
      last_name: 'Newcomer',
      dob: null,
      phone: null,
      payor_key: 'PAY-A',
    },
    {
      patient_key: 'IB-1',
      patient_id: 'N9001',
      first_name: 'Eve',
      last_name: 'Intake',
      dob: null,
      phone: null,
      payor_key: 'PAY-B',
    },
  ]);
  const ids = {} as Record<TScenarioUser, number>;
  for (const [name, user] of Object.entries(USERS) as [
    TScenarioUser,
    (typeof USERS)[TScenarioUser],
  ][]) {
    ids[name] = await createTestUser(db, {
      email: user.email,
      role: user.role,
      payorKey: user.payorKey,
      patientKey: 'patientKey' in user ? user.patientKey : null,
    });
  }
  return ids;
};

/** Signs in every scenario user once; returns a GET/POST/PUT helper per user. */
export const signInScenario = async (app: FastifyInstance) => {
  const jars = {} as Record<TScenarioUser, TJar>;
  for (const [name, user] of Object.entries(USERS) as [TScenarioUser, { email: string }][]) {
    jars[name] = (await signIn(app, { email: user.email })).jar;
  }
  return (
    name: TScenarioUser,
    url: string,
    options: { method?: 'GET' | 'POST' | 'PUT'; payload?: object } = {},
  ) =>
    app.inject(
      withSession(jars[name], {
        method: options.method ?? 'GET',
        url,
        ...(options.payload ? { payload: options.payload } : {}),
      }),
    );
};

type TScenarioRequest = Awaited<ReturnType<typeof signInScenario>>;
type TScenarioIds = Awaited<ReturnType<typeof seedScenario>>;

/**
 * A test portal on the dialect with the scenario seeded and every user signed in.
 * `request(user, url, options)` calls the API as that user; read `ids()` inside tests.
 */
export const useScenario = (dialect: TDialect, env: Record<string, string> = {}) => {
  const portal = useTestPortal(dialect, env);
  let state: { request: TScenarioRequest; ids: TScenarioIds } | undefined;
  beforeAll(async () => {
    const ids = await seedScenario(portal().database.db);
    state = { ids, request: await signInScenario(portal().app) };
  });
  const ready = () => {
    if (!state) {
      throw new Error('scenario is not ready; use it inside a test');
    }
    return state;
  };
  return {
    portal,
    request: (...args: Parameters<TScenarioRequest>) => ready().request(...args),
    ids: () => ready().ids,
  };
};
