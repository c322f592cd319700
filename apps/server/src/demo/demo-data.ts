import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type TDemoTies = { payorKey: string; patientKey: string } | undefined;

/** The self-pay pseudo-payor; a payor's staff are never tied to it. */
const SELF_PAY = '[Patient]';

/** The ties the demo accounts have: a later start reads them instead of the whole tables. */
const existingTies = async (db: Kysely<Database>): Promise<TDemoTies> => {
  const demo = db.selectFrom('users').where('is_demo', '=', 1);
  const staff = await demo
    .select('payor_key')
    .where('payor_key', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  const patient = await demo
    .select('patient_key')
    .where('role', '=', 'patient')
    .where('patient_key', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  return staff?.payor_key && patient?.patient_key
    ? { payorKey: staff.payor_key, patientKey: patient.patient_key }
    : undefined;
};

/**
 * Ties the demo accounts to synced data so each role sees something real: staff
 * to the payor with the most patients, the patient account to that payor's
 * patient with the most orders. Accounts already tied keep their ties, and when every one
 * is tied nothing is counted: at a million patients the counts took 13 s of each start.
 */
export const tieDemoAccounts = async (db: Kysely<Database>): Promise<TDemoTies> => {
  const untied = await db
    .selectFrom('users')
    .select('id')
    .where('is_demo', '=', 1)
    .where((eb) =>
      eb.or([
        eb('payor_key', 'is', null),
        eb.and([eb('role', '=', 'patient'), eb('patient_key', 'is', null)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (!untied) {
    return existingTies(db);
  }
  const payor = await db
    .selectFrom('patients')
    .innerJoin('payors', 'payors.payor_key', 'patients.payor_key')
    .select(['patients.payor_key as payorKey', (eb) => eb.fn.countAll<number>().as('patients')])
    .where('payors.company_name', '<>', SELF_PAY)
    .groupBy('patients.payor_key')
    .orderBy('patients', 'desc')
    .orderBy('patients.payor_key')
    .executeTakeFirst();
  if (!payor?.payorKey) {
    return undefined;
  }
  // The orders counted per patient as the sync keeps them (patient_order_counts, by
  // classification), not every order of the payor grouped again.
  const patient = await db
    .selectFrom('patients')
    .leftJoin('patient_order_counts as c', 'c.patient_key', 'patients.patient_key')
    .select([
      'patients.patient_key as patientKey',
      sql<number>`COALESCE(SUM(c.order_count), 0)`.as('orders'),
    ])
    .where('patients.payor_key', '=', payor.payorKey)
    .groupBy('patients.patient_key')
    .orderBy('orders', 'desc')
    .orderBy('patients.patient_key')
    .executeTakeFirst();
  if (!patient) {
    return undefined;
  }
  const now = Date.now();
  await db
    .updateTable('users')
    .set({ payor_key: payor.payorKey, updated_at: now })
    .where('is_demo', '=', 1)
    .where('payor_key', 'is', null)
    .execute();
  await db
    .updateTable('users')
    .set({ patient_key: patient.patientKey, updated_at: now })
    .where('is_demo', '=', 1)
    .where('role', '=', 'patient')
    .where('patient_key', 'is', null)
    .execute();
  return { payorKey: payor.payorKey, patientKey: patient.patientKey };
};
