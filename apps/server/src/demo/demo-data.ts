import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type TDemoTies = { payorKey: string; patientKey: string } | undefined;

/** The self-pay pseudo-payor; a payor's staff are never tied to it. */
const SELF_PAY = '[Patient]';

/**
 * Ties the demo accounts to synced data so each role sees something real: staff
 * to the payor with the most patients, the patient account to that payor's
 * patient with the most orders. Accounts already tied keep their ties.
 */
export const tieDemoAccounts = async (db: Kysely<Database>): Promise<TDemoTies> => {
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
  const patient = await db
    .selectFrom('patients')
    .leftJoin('orders', 'orders.patient_key', 'patients.patient_key')
    .select([
      'patients.patient_key as patientKey',
      sql<number>`count(orders.order_id)`.as('orders'),
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
