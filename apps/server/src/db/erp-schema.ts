/** ERP tables: filled only by the sync engine (migration 0003). Keys are strings. */
export type SoClassificationsTable = {
  so_classification_key: string;
  name: string | null;
  description: string | null;
};

type TAddress<P extends string> = {
  [K in `${P}_street` | `${P}_suite` | `${P}_city` | `${P}_state` | `${P}_zip`]: string | null;
};

export type PatientsTable = {
  patient_key: string;
  patient_id: string | null;
  first_name: string | null;
  last_name: string | null;
  dob: string | null;
  phone: string | null;
  phone_mobile: string | null;
  email: string | null;
  doctor_key: string | null;
  payor_key: string | null;
  created_at: number | null;
} & TAddress<'b'> &
  TAddress<'d'>;

export type IntakePatientsTable = {
  patient_key: string;
  patient_id: string | null;
  first_name: string | null;
  last_name: string | null;
  dob: string | null;
  phone: string | null;
  payor_key: string | null;
};

export type DoctorsTable = {
  doctor_key: string;
  first_name: string | null;
  last_name: string | null;
  npi: string | null;
  phone: string | null;
  street: string | null;
  suite: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

export type PayorsTable = {
  payor_key: string;
  company_key: string | null;
  company_name: string | null;
  payor_type: string | null;
};

export type PatientPayorsTable = {
  patient_payor_key: string;
  patient_key: string | null;
  payor_key: string | null;
  level: string | null;
  level_rank: number | null;
  company_name: string | null;
};

export type OrdersTable = {
  order_id: string;
  so_number: string | null;
  patient_key: string | null;
  doctor_key: string | null;
  date_created: number | null;
  status: string | null;
  delivery_status: string | null;
  delivery_date: string | null;
  tracking_number: string | null;
  carrier: string | null;
  intake_status: string | null;
  so_classification_key: string | null;
  so_classification_name: string | null;
};

export type OrderItemsTable = {
  order_item_key: string;
  order_id: string | null;
  so_number: string | null;
  item_key: string | null;
  item_id: string | null;
  item_name: string | null;
  description: string | null;
  sku: string | null;
  hcpcs_code: string | null;
  quantity: number | null;
};

export type OrderStatusHistoryTable = {
  status_history_key: string;
  order_id: string | null;
  status: string | null;
  entered_at: number | null;
  exited_at: number | null;
};
