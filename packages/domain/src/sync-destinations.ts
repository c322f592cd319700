/**
 * The portal tables the sync engine owns: the ERP's tables, filled only from the
 * warehouse. Nothing else may be a mapping's mysql_table, so no sync can write (or
 * sample) users, sessions, the audit trail or any other table the portal owns. Listed in
 * load order (the default groups run them so): patient, doctor and company tables first.
 * Checked when a mapping or group is saved or started, again by the loader before it
 * touches a table, and by data samples and integrity. An ERP table added later is
 * added here.
 */
export const SYNC_DESTINATION_TABLES = [
  'patients',
  'doctors',
  'payors',
  'so_classifications',
  'patient_payors',
  'orders',
  'order_items',
  'order_status_history',
  'intake_patients',
] as const;

export type TSyncDestination = (typeof SYNC_DESTINATION_TABLES)[number];

/**
 * The destinations whose rows describe patients. Their data samples show every payor's
 * patients, so only admins see them (docs/decisions.md, "Data samples of patient tables").
 */
export const PATIENT_BEARING_TABLES: readonly TSyncDestination[] = [
  'patients',
  'patient_payors',
  'orders',
  'order_items',
  'order_status_history',
  'intake_patients',
];

export const isSyncDestination = (table: unknown): table is TSyncDestination =>
  typeof table === 'string' && (SYNC_DESTINATION_TABLES as readonly string[]).includes(table);

export const isPatientBearing = (table: string) =>
  (PATIENT_BEARING_TABLES as readonly string[]).includes(table);

/** The refusal of any other table, naming the allowed ones. */
export const destinationRefused = (table: string) =>
  `"${table}" cannot be a sync destination. Allowed tables: ${SYNC_DESTINATION_TABLES.join(', ')}`;
