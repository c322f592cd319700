import { refillOrderCounts } from '../modules/patients/order-count-summary';
import { refillWorklist } from '../modules/worklist/summary';
import { refillPatientPhones } from '../modules/patients/patient-phones';
import type { Insertable, Kysely } from 'kysely';
import type {
  Database,
  DoctorsTable,
  IntakePatientsTable,
  OrderItemsTable,
  OrdersTable,
  PatientsTable,
} from '../db/schema';

/**
 * Small, hand-written ERP rows for API tests, inserted straight into the tables the
 * sync engine fills. Every field the tests do not name is null.
 */

type TPatientFixture = Pick<PatientsTable, 'patient_key'> & Partial<Insertable<PatientsTable>>;
type TOrderFixture = Pick<OrdersTable, 'order_id'> & Partial<Insertable<OrdersTable>>;

const ADDRESS_FIELDS = ['street', 'suite', 'city', 'state', 'zip'] as const;

const emptyAddresses = () =>
  Object.fromEntries(
    (['b', 'd'] as const).flatMap((prefix) =>
      ADDRESS_FIELDS.map((field) => [`${prefix}_${field}`, null]),
    ),
  );

export const insertPayors = (
  db: Kysely<Database>,
  payors: { payor_key: string; company_name: string }[],
) =>
  db
    .insertInto('payors')
    .values(payors.map((payor) => ({ ...payor, company_key: null, payor_type: null })))
    .execute();

export const insertPatients = async (db: Kysely<Database>, patients: TPatientFixture[]) => {
  if (patients.length === 0) {
    return;
  }
  await db
    .insertInto('patients')
    .values(
      patients.map((patient) => ({
        patient_id: null,
        first_name: null,
        last_name: null,
        dob: null,
        phone: null,
        phone_mobile: null,
        email: null,
        doctor_key: null,
        payor_key: null,
        created_at: null,
        ...emptyAddresses(),
        ...patient,
      })),
    )
    .execute();
  // As the sync does after every patients load: the search by phone reads this table.
  await refillPatientPhones(db);
  // The worklist holds the orders of existing patients, with their names.
  await refillWorklist(db);
};

export const insertDoctors = (db: Kysely<Database>, doctors: Insertable<DoctorsTable>[]) =>
  db.insertInto('doctors').values(doctors).execute();

export const insertOrders = async (db: Kysely<Database>, orders: TOrderFixture[]) => {
  if (orders.length === 0) {
    return;
  }
  await db
    .insertInto('orders')
    .values(
      orders.map((order) => ({
        so_number: order.order_id,
        patient_key: null,
        doctor_key: null,
        date_created: null,
        status: null,
        delivery_status: null,
        delivery_date: null,
        tracking_number: null,
        carrier: null,
        intake_status: null,
        so_classification_key: null,
        so_classification_name: null,
        ...order,
      })),
    )
    .execute();
  // As the sync does after every orders load: the lists read their counts from the summary.
  await refillOrderCounts(db);
  await refillWorklist(db);
};

export const insertOrderItems = (db: Kysely<Database>, items: Insertable<OrderItemsTable>[]) =>
  db.insertInto('order_items').values(items).execute();

export const insertIntakePatients = (
  db: Kysely<Database>,
  patients: Insertable<IntakePatientsTable>[],
) => db.insertInto('intake_patients').values(patients).execute();

export const insertClassifications = (
  db: Kysely<Database>,
  classifications: { key: string; name: string }[],
) =>
  db
    .insertInto('so_classifications')
    .values(
      classifications.map(({ key, name }) => ({
        so_classification_key: key,
        name,
        description: `${name} orders`,
      })),
    )
    .execute();
