import type {
  TAddress,
  TOrder,
  TOrderItem,
  TPatientDetail,
  TPatientSummary,
} from '@portal/domain/patients-api';
import type { Selectable } from 'kysely';
import { orderStatusLabel } from '@portal/domain/order-status-labels';
import type { OrderItemsTable } from '../../db/schema';
import type { TOrderTiming } from './order-history';
import type {
  TCounts,
  TOrderRow,
  TPatientRow,
  TPatientSummaryRow,
  TPatientWithDoctor,
} from './repository';

/** Rows to API objects (core.md section 3), field by field. */

export const presentPatientSummary = (
  row: TPatientSummaryRow,
  counts: TCounts,
): TPatientSummary => ({
  patient_key: row.patient_key,
  patient_id: row.patient_id,
  first_name: row.first_name,
  last_name: row.last_name,
  dob: row.dob,
  phone: row.phone ?? row.phone_mobile,
  email: row.email,
  order_count: counts.order_count,
  in_progress_count: counts.in_progress_count,
  shipped_count: counts.shipped_count,
  pending_docs_count: counts.pending_docs_count,
});

const address = (row: TPatientRow, prefix: 'b' | 'd'): TAddress | null => {
  const value = {
    street: row[`${prefix}_street`],
    suite: row[`${prefix}_suite`],
    city: row[`${prefix}_city`],
    state: row[`${prefix}_state`],
    zip: row[`${prefix}_zip`],
  };
  return Object.values(value).some((part) => part !== null && part.trim() !== '') ? value : null;
};

export const presentPatientDetail = (row: TPatientWithDoctor, counts: TCounts): TPatientDetail => ({
  ...presentPatientSummary(row, counts),
  phone_mobile: row.phone_mobile,
  payor_key: row.payor_key,
  doctor:
    row.doctor_doctor_key === null
      ? null
      : {
          first_name: row.doctor_first_name,
          last_name: row.doctor_last_name,
          phone: row.doctor_phone,
        },
  billing_address: address(row, 'b'),
  delivery_address: address(row, 'd'),
});

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter((part) => part !== null && part.trim() !== '').join(' ') || null;

const isoTime = (at: number | null | undefined) =>
  at === null || at === undefined ? null : new Date(at).toISOString();

/** An order with its timing from the status history (order-history.ts readOrderTimings). */
export const presentOrder = (row: TOrderRow, timing: TOrderTiming | undefined): TOrder => ({
  order_id: row.order_id,
  so_number: row.so_number,
  date_created: isoTime(row.date_created),
  status: row.status,
  delivery_status: row.delivery_status,
  delivery_date: row.delivery_date,
  tracking_number: row.tracking_number,
  carrier: row.carrier,
  intake_status: row.intake_status,
  so_classification_key: row.so_classification_key,
  so_classification_name: row.so_classification_name,
  doctor:
    row.doctor_doctor_key === null
      ? null
      : {
          full_name: fullName(row.doctor_first_name, row.doctor_last_name),
          first_name: row.doctor_first_name,
          last_name: row.doctor_last_name,
          NPI: row.doctor_npi,
          phone: row.doctor_phone,
          DOCTORSTREET: row.doctor_street,
          DOCTORSUITE: row.doctor_suite,
          DOCTORCITY: row.doctor_city,
          DOCTORSTATE: row.doctor_state,
          DOCTORZIP: row.doctor_zip,
        },
  status_label: orderStatusLabel(row.status) ?? null,
  status_since: isoTime(timing?.statusSince),
  ship_date: isoTime(timing?.shipDate),
});

export const presentOrderItem = (row: Selectable<OrderItemsTable>): TOrderItem => ({
  item_id: row.item_id,
  item_key: row.item_key,
  item_name: row.item_name,
  description: row.description,
  sku: row.sku,
  hcpcs_code: row.hcpcs_code,
  quantity: row.quantity,
});

/** Page numbers as the lists report them: pages is 0 when there is nothing. */
export const pageInfo = (options: { page: number; perPage: number; total: number }) => ({
  current_page: options.page,
  pages: Math.ceil(options.total / options.perPage),
  total: options.total,
  per_page: options.perPage,
});
