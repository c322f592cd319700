import type { TOrder, TPatientDetail, TPatientSummary } from '@portal/domain/patients-api';

/** Made-up rows for component tests: shaped by the contract, no server involved. */
export const patientSummary = (overrides: Partial<TPatientSummary> = {}): TPatientSummary => ({
  patient_key: 'PK-1',
  patient_id: 'PID-0001',
  first_name: 'Jane',
  last_name: 'Doe',
  dob: '1961-04-09',
  phone: '5125550143',
  email: null,
  order_count: 12,
  in_progress_count: 3,
  shipped_count: 8,
  pending_docs_count: 1,
  ...overrides,
});

export const patientDetail = (overrides: Partial<TPatientDetail> = {}): TPatientDetail => ({
  ...patientSummary(),
  phone_mobile: null,
  payor_key: 'PAY-1',
  doctor: { first_name: 'Ann', last_name: 'Lee', phone: '5125550100' },
  billing_address: { street: '5 Elm St', suite: '4B', city: 'Austin', state: 'TX', zip: '78701' },
  delivery_address: null,
  ...overrides,
});

export const order = (overrides: Partial<TOrder> = {}): TOrder => ({
  order_id: 'O-1',
  so_number: 'SO-1001',
  date_created: '2025-02-03T15:04:05Z',
  status: '31 - Awaiting CMN (RX)',
  delivery_status: null,
  delivery_date: null,
  tracking_number: null,
  carrier: null,
  intake_status: null,
  so_classification_key: null,
  so_classification_name: null,
  doctor: {
    full_name: 'Bartholomew Montgomery-Smythe',
    first_name: 'Bartholomew',
    last_name: 'Montgomery-Smythe',
    NPI: '1234567890',
    phone: '(512) 555-0100',
    DOCTORSTREET: '100 Congress Ave',
    DOCTORSUITE: '300',
    DOCTORCITY: 'Austin',
    DOCTORSTATE: 'TX',
    DOCTORZIP: '78701',
  },
  status_label: 'Waiting for the prescription (CMN) from the doctor',
  status_since: '2025-02-10T09:00:00Z',
  ship_date: null,
  ...overrides,
});
