import { z } from 'zod';
import { ZAccessDelivery, INVITED } from './first-access';
import { ZLine } from './text';

/**
 * Patient Portal Activation (staff-tools.md sections 2, 3, 5, 7 and 8): the calls under
 * /api/admin that list patients without portal access and give them patient logins with
 * temporary passwords, by selection or by CSV.
 */

export const PORTAL_ACTIVATION_PAGE_SIZE = 50;
/** The most patients one bulk activation names; the screen sends at most a page. */
export const MAX_BULK_ACTIVATION = 500;

export const ACTIVATION_TEMPLATE_COLUMNS = ['email', 'patient_id', 'payor_key'] as const;

export const PORTAL_ACTIVATION_MESSAGES = {
  uploadFailed: 'Failed to upload file',
  activateFailed: 'Failed to activate patients',
  templateFailed: 'Failed to download template. Please try again.',
  selectPatient: 'Please select at least one patient',
  empty: 'No patients found without portal access',
  payorsFailed: 'Failed to load payors',
  listFailed: 'Failed to load patients',
} as const;

export const ACTIVATION_ROW_ERRORS = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not a valid email address',
  notFound: 'Patient not found',
  noPatientWithEmail: 'No patient has this email address',
  ambiguousEmail: 'Several patients have this email address; add their patient_id to the row',
  patientIdMismatch: 'patient_id does not match the patient with this email address',
  payorMismatch: "payor_key does not match the patient's payor",
  noEmail: 'Patient has no email address on file',
  alreadyActive: 'Patient already has portal access',
  emailTaken: 'This email address is already used by another account',
  duplicateInFile: (row: number) => `Duplicate patient in the file (first on row ${row})`,
  invalidText: 'The row must not contain control characters or line breaks',
} as const;

export const ZPayor = z.object({ payor_key: z.string(), company_name: z.string().nullable() });
export const ZPayorsResponse = z.object({ success: z.literal(true), payors: z.array(ZPayor) });
export type TPayor = z.infer<typeof ZPayor>;

export const ZPatientsWithoutPortalQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PORTAL_ACTIVATION_PAGE_SIZE).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  search: ZLine().trim().max(100).optional(),
  payor_key: ZLine().trim().max(64).optional(),
});
export type TPatientsWithoutPortalQuery = z.input<typeof ZPatientsWithoutPortalQuery>;

export const ZPatientWithoutPortal = z.object({
  patient_key: z.string(),
  patient_id: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  primary_payor: z.string().nullable(),
});
export type TPatientWithoutPortal = z.infer<typeof ZPatientWithoutPortal>;

export const ZPatientsWithoutPortalResponse = z.object({
  success: z.literal(true),
  patients: z.array(ZPatientWithoutPortal),
  total_count: z.number().int(),
});
export type TPatientsWithoutPortalResponse = z.infer<typeof ZPatientsWithoutPortalResponse>;

export const ZBulkActivationBody = z.object({
  patient_keys: z
    .array(ZLine().trim().min(1).max(64))
    .min(1, PORTAL_ACTIVATION_MESSAGES.selectPatient)
    .max(MAX_BULK_ACTIVATION, `At most ${MAX_BULK_ACTIVATION} patients at a time`),
  /** An invitation email, or a temporary password shown in the results (the default). */
  delivery: ZAccessDelivery.default('temporary_password'),
});
export type TBulkActivationBody = z.input<typeof ZBulkActivationBody>;

export const ZActivationResults = z.object({
  total: z.number().int(),
  successful: z.array(
    z.object({
      row: z.number().int(),
      patient_id: z.string().nullable(),
      email: z.string(),
      name: z.string(),
      primary_payor: z.string().nullable(),
      /** Null when the patient was sent an invitation instead (issue 35). */
      temp_password: z.string().nullable(),
      invited: z.boolean(),
    }),
  ),
  failed: z.array(
    z.object({
      row: z.number().int(),
      patient_id: z.string().nullable(),
      patient_key: z.string().nullable(),
      email: z.string().nullable(),
      error: z.string(),
    }),
  ),
});
export type TActivationResults = z.infer<typeof ZActivationResults>;

export const ZActivationResponse = z.object({
  success: z.literal(true),
  results: ZActivationResults,
});
export type TActivationResponse = z.infer<typeof ZActivationResponse>;

/** The results file's rows, header first: activated patients, then failed rows. */
export const activationResultsCsvRows = (results: TActivationResults): string[][] => [
  [
    'status',
    'row',
    'patient_id',
    'patient_key',
    'email',
    'name',
    'primary_payor',
    'temp_password',
    'error',
  ],
  ...results.successful.map((row) => [
    'activated',
    String(row.row),
    row.patient_id ?? '',
    '',
    row.email,
    row.name,
    row.primary_payor ?? '',
    row.invited ? INVITED : (row.temp_password ?? ''),
    '',
  ]),
  ...results.failed.map((row) => [
    'failed',
    String(row.row),
    row.patient_id ?? '',
    row.patient_key ?? '',
    row.email ?? '',
    '',
    '',
    '',
    row.error,
  ]),
];
