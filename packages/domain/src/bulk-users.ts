import { z } from 'zod';
import { INVITED } from './first-access';
import { ROLE_IDS, isRole, roleFromId, type TRole } from './roles';
import { hasInvalidCharacters } from './text';

/**
 * Admin Bulk User Upload (staff-tools.md sections 2, 3, 5 and 8): the CSV columns, the
 * limits, the rules each row must meet and the results the upload answers with. The
 * server applies the row rules; the screen shares the file checks and messages.
 */

export const BULK_UPLOAD_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'role',
  'role_id',
  'payor_key',
  'phone',
  'title',
  'office',
] as const;
export type TBulkUploadColumn = (typeof BULK_UPLOAD_COLUMNS)[number];

export const BULK_UPLOAD_TEMPLATE_EXAMPLE: Record<TBulkUploadColumn, string> = {
  email: 'jane.doe@example.com',
  first_name: 'Jane',
  last_name: 'Doe',
  role: 'case_manager',
  role_id: String(ROLE_IDS.case_manager),
  payor_key: 'PAYOR-KEY',
  phone: '555-0100',
  title: 'Case Manager',
  office: 'Main Office',
};

/** Both uploads (users and activation) share these limits: beyond them nothing is created. */
export const CSV_UPLOAD_LIMITS = { maxRows: 5_000, maxBytes: 2 * 1024 * 1024 } as const;

export const CSV_FILE_MESSAGES = {
  selectCsv: 'Please select a CSV file',
  selectFile: 'Please select a file to upload',
  tooLarge: 'The file is larger than 2 MB. Split it into smaller files and upload each.',
  tooManyRows: `The file has more than ${CSV_UPLOAD_LIMITS.maxRows.toLocaleString('en-US')} rows. Split it into smaller files and upload each.`,
  empty: 'The file has no data rows below its header.',
  unreadable: 'The file could not be read as CSV',
  missingColumn: (column: string) => `The file has no "${column}" column in its header row.`,
  notMultipart: 'Send the file as multipart/form-data in a field named "file".',
} as const;

export const BULK_UPLOAD_MESSAGES = {
  templateFailed: 'Failed to download template. Please try again.',
  uploadFailed: 'Failed to upload file',
} as const;

export const BULK_ROW_ERRORS = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not a valid email address',
  emailTooLong: 'Email must be at most 255 characters',
  roleRequired: 'Role or role_id is required',
  roleUnknown: (role: string) =>
    `Unknown role "${role}". Use one of: ${Object.keys(ROLE_IDS).join(', ')}`,
  roleIdUnknown: (id: string) =>
    `Unknown role_id "${id}". Use 1 (admin), 2 (case_manager_admin), 3 (case_manager), 4 (patient) or 5 (customer_service)`,
  roleMismatch: (role: string, id: string) =>
    `role "${role}" and role_id ${id} disagree (${role} is ${ROLE_IDS[role as TRole]})`,
  payorRequired: (role: string) => `payor_key is required for role ${role}`,
  payorUnknown: (key: string) => `payor_key "${key}" does not exist`,
  duplicateInFile: (row: number) => `Duplicate email in the file (first on row ${row})`,
  emailTaken: 'A user with this email already exists',
  invalidText: (column: string) => `${column} must not contain control characters or line breaks`,
  tooLong: (column: string, max: number) => `${column} must be at most ${max} characters`,
} as const;

/** Roles that see one payor's patients, so their account must name an existing payor. */
export const PAYOR_SCOPED_ROLES: readonly TRole[] = [
  'case_manager',
  'case_manager_admin',
  'customer_service',
];

const MAX_LENGTH: Record<Exclude<TBulkUploadColumn, 'role' | 'role_id'>, number> = {
  email: 255,
  first_name: 100,
  last_name: 100,
  payor_key: 64,
  phone: 32,
  title: 100,
  office: 100,
};

export const isCsvFileName = (name: string) => name.toLowerCase().endsWith('.csv');

const ZEmail = z.email();

/** A row that passed every rule the file alone can check. */
export type TBulkUserDraft = {
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: TRole;
  payor_key: string | null;
  phone: string | null;
  title: string | null;
  office: string | null;
  /** 'First Last', or the email's local part when the row names no one. */
  name: string;
};

const roleOf = (
  roleText: string,
  idText: string,
): { role: TRole; error?: never } | { error: string } => {
  const byName = roleText.toLowerCase();
  if (byName && !isRole(byName)) {
    return { error: BULK_ROW_ERRORS.roleUnknown(roleText) };
  }
  const byId = idText ? roleFromId(/^\d+$/.test(idText) ? Number(idText) : NaN) : undefined;
  if (idText && !byId) {
    return { error: BULK_ROW_ERRORS.roleIdUnknown(idText) };
  }
  if (byName && byId && byName !== byId) {
    return { error: BULK_ROW_ERRORS.roleMismatch(byName, idText) };
  }
  const role = byId ?? (isRole(byName) ? byName : undefined);
  return role ? { role } : { error: BULK_ROW_ERRORS.roleRequired };
};

/**
 * The rules one row meets on its own: email, role (name or id, agreeing when both are
 * given), a payor for payor-scoped roles, lengths and clean text. Whether the payor
 * exists and whether the email is free are the server's checks.
 */
export const checkBulkUserRow = (
  record: Partial<Record<string, string>>,
): { user: TBulkUserDraft; error?: never } | { error: string } => {
  const cell = (column: TBulkUploadColumn) => (record[column] ?? '').trim();
  for (const column of BULK_UPLOAD_COLUMNS) {
    if (hasInvalidCharacters(cell(column), { singleLine: true })) {
      return { error: BULK_ROW_ERRORS.invalidText(column) };
    }
  }
  const email = cell('email').toLowerCase();
  if (!email) {
    return { error: BULK_ROW_ERRORS.emailRequired };
  }
  if (email.length > MAX_LENGTH.email) {
    return { error: BULK_ROW_ERRORS.emailTooLong };
  }
  if (!ZEmail.safeParse(email).success) {
    return { error: BULK_ROW_ERRORS.emailInvalid };
  }
  for (const [column, max] of Object.entries(MAX_LENGTH)) {
    if (cell(column as TBulkUploadColumn).length > max) {
      return { error: BULK_ROW_ERRORS.tooLong(column, max) };
    }
  }
  const role = roleOf(cell('role'), cell('role_id'));
  if (role.error !== undefined) {
    return { error: role.error };
  }
  const payorKey = cell('payor_key');
  if (!payorKey && PAYOR_SCOPED_ROLES.includes(role.role)) {
    return { error: BULK_ROW_ERRORS.payorRequired(role.role) };
  }
  const optional = (column: TBulkUploadColumn) => cell(column) || null;
  const name = [cell('first_name'), cell('last_name')].filter(Boolean).join(' ');
  return {
    user: {
      email,
      first_name: optional('first_name'),
      last_name: optional('last_name'),
      role: role.role,
      payor_key: payorKey || null,
      phone: optional('phone'),
      title: optional('title'),
      office: optional('office'),
      name: name || (email.split('@')[0] ?? email),
    },
  };
};

export const ZBulkUploadResults = z.object({
  total: z.number().int(),
  successful: z.array(
    z.object({
      row: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: z.string(),
      /** Null when the user was sent an invitation instead (issue 35). */
      temp_password: z.string().nullable(),
      invited: z.boolean(),
    }),
  ),
  failed: z.array(z.object({ row: z.number().int(), email: z.string(), error: z.string() })),
});
export type TBulkUploadResults = z.infer<typeof ZBulkUploadResults>;

export const ZBulkUploadResponse = z.object({
  success: z.literal(true),
  results: ZBulkUploadResults,
});
export type TBulkUploadResponse = z.infer<typeof ZBulkUploadResponse>;

/** The results file's rows, header first: created users, then failed rows. */
export const bulkResultsCsvRows = (results: TBulkUploadResults): string[][] => [
  ['status', 'row', 'email', 'name', 'role', 'temp_password', 'error'],
  ...results.successful.map((user) => [
    'created',
    String(user.row),
    user.email,
    user.name,
    user.role,
    user.invited ? INVITED : (user.temp_password ?? ''),
    '',
  ]),
  ...results.failed.map((row) => ['failed', String(row.row), row.email, '', '', '', row.error]),
];
