import type { Kysely } from 'kysely';
import {
  BULK_ROW_ERRORS,
  checkBulkUserRow,
  type TBulkUploadResults,
  type TBulkUserDraft,
} from '@portal/domain/bulk-users';
import type { Database } from '../../db/schema';
import type { TCsvRow } from '../../lib/csv-upload';
import { issueTemporaryPasswords } from '../../lib/temporary-passwords';
import { isUniqueViolation } from '../profile/repository';
import { chunk, existingPayors, insertUsers, takenEmails, type TUserInsert } from './repository';

type TFailed = TBulkUploadResults['failed'][number];
type TCreated = TBulkUploadResults['successful'][number];
type TCandidate = { row: number; user: TBulkUserDraft };

/** Rows hashed and inserted together: one statement each, retried row by row on a clash. */
const INSERT_BATCH = 100;

/** Every rule of the file alone, then duplicates within the file. */
const checkRows = (rows: readonly TCsvRow[], failed: TFailed[]): TCandidate[] => {
  const firstRowOf = new Map<string, number>();
  const candidates: TCandidate[] = [];
  for (const { row, record } of rows) {
    const checked = checkBulkUserRow(record);
    const email = (record.email ?? '').trim();
    if (checked.error !== undefined) {
      failed.push({ row, email, error: checked.error });
      continue;
    }
    const first = firstRowOf.get(checked.user.email);
    if (first !== undefined) {
      failed.push({ row, email, error: BULK_ROW_ERRORS.duplicateInFile(first) });
      continue;
    }
    firstRowOf.set(checked.user.email, row);
    candidates.push({ row, user: checked.user });
  }
  return candidates;
};

/** Rules that need the database: the payor exists, the email is free. */
const checkAgainstDatabase = async (
  db: Kysely<Database>,
  candidates: TCandidate[],
  failed: TFailed[],
): Promise<TCandidate[]> => {
  const payors = await existingPayors(
    db,
    candidates.flatMap(({ user }) => (user.payor_key ? [user.payor_key] : [])),
  );
  const taken = await takenEmails(
    db,
    candidates.map(({ user }) => user.email),
  );
  return candidates.filter(({ row, user }) => {
    if (user.payor_key && !payors.has(user.payor_key)) {
      failed.push({ row, email: user.email, error: BULK_ROW_ERRORS.payorUnknown(user.payor_key) });
      return false;
    }
    if (taken.has(user.email)) {
      failed.push({ row, email: user.email, error: BULK_ROW_ERRORS.emailTaken });
      return false;
    }
    return true;
  });
};

const toInsert = (user: TBulkUserDraft, hash: string, now: number): TUserInsert => ({
  email: user.email,
  username: user.name,
  password_hash: hash,
  role: user.role,
  payor_key: user.payor_key,
  patient_key: null,
  // The temporary password works once: the first sign-in leads to Change Password.
  password_reset_required: 1,
  password_changed_at: null,
  first_name: user.first_name,
  last_name: user.last_name,
  phone: user.phone,
  title: user.title,
  office: user.office,
  created_at: now,
  updated_at: now,
});

/**
 * Inserts one batch. A user created by someone else since the check (same email) makes
 * the statement fail as a whole, so the batch is retried one row at a time and only the
 * clashing rows fail: no row is ever half-created, and one clash stops no other row.
 */
const insertBatch = async (
  db: Kysely<Database>,
  batch: { candidate: TCandidate; insert: TUserInsert; password: string }[],
  out: { created: TCreated[]; failed: TFailed[] },
) => {
  const present = ({ candidate, password }: (typeof batch)[number]): TCreated => ({
    row: candidate.row,
    email: candidate.user.email,
    name: candidate.user.name,
    role: candidate.user.role,
    temp_password: password,
  });
  try {
    await insertUsers(
      db,
      batch.map(({ insert }) => insert),
    );
    out.created.push(...batch.map(present));
    return;
  } catch (error) {
    if (!isUniqueViolation(error)) {
      throw error;
    }
  }
  for (const entry of batch) {
    try {
      await insertUsers(db, [entry.insert]);
      out.created.push(present(entry));
    } catch (error) {
      if (!isUniqueViolation(error)) {
        throw error;
      }
      out.failed.push({
        row: entry.candidate.row,
        email: entry.candidate.user.email,
        error: BULK_ROW_ERRORS.emailTaken,
      });
    }
  }
};

/** Checks every row, creates the users that pass with temporary passwords, reports each row. */
export const createUsersFromCsv = async (
  db: Kysely<Database>,
  rows: readonly TCsvRow[],
  now: () => number,
): Promise<TBulkUploadResults> => {
  const failed: TFailed[] = [];
  const created: TCreated[] = [];
  const candidates = await checkAgainstDatabase(db, checkRows(rows, failed), failed);
  for (const part of chunk(candidates, INSERT_BATCH)) {
    const passwords = await issueTemporaryPasswords(part.length);
    const at = now();
    const batch = part.map((candidate, index) => {
      const issued = passwords[index] as { password: string; hash: string };
      return {
        candidate,
        password: issued.password,
        insert: toInsert(candidate.user, issued.hash, at),
      };
    });
    await insertBatch(db, batch, { created, failed });
  }
  const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;
  return { total: rows.length, successful: created.sort(byRow), failed: failed.sort(byRow) };
};
