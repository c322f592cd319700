import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ORDER_DOCTOR_COLUMNS } from './repository';

/** The order with this SO number (exactly), with its doctor, as a patient's list reads it. */
export const findOrderRow = (db: Kysely<Database>, soNumber: string) =>
  db
    .selectFrom('orders')
    .leftJoin('doctors', 'doctors.doctor_key', 'orders.doctor_key')
    .selectAll('orders')
    .select(ORDER_DOCTOR_COLUMNS)
    .where('orders.so_number', '=', soNumber)
    .orderBy('orders.order_id')
    .executeTakeFirst();
