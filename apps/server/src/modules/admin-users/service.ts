import type { Kysely } from 'kysely';
import {
  BULK_ROW_ERRORS,
  checkBulkUserRow,
  type TBulkUploadResults,
  type TBulkUserDraft,
} from '@portal/domain/bulk-users';
import type { TAccessDelivery } from '@portal/domain/first-access';
import type { Database } from '../../db/schema';
import type { TCsvRow } from '../../lib/csv-upload';
import { issueTemporaryPasswords } from '../../lib/temporary-passwords';
import {
  issueInvitations,
  temporaryPasswordExpiry,
  userIdsByEmail,
  type TFirstAccessOptions,
} from '../invitations/issue';
import { isUniqueViolation } from '../profile/repository';
import { chunk, existingPayors, insertUsers, takenEmails, type TUserInsert } from './repository';

type TFailed = TBulkUploadResults['failed'][number];
type TCreated = TBulkUploadResults['successful'][number];
type TCandidate = { row: number; user: TBulkUserDraft };
type TEntry = { candidate: TCandidate; insert: TUserInsert; password: string | null };
type TFirstAccess = TFirstAccessOptions & { delivery: TAccessDelivery };

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

const toInsert = (
  user: TBulkUserDraft,
  hash: string | null,
  options: TFirstAccessOptions,
): TUserInsert => ({
  email: user.email,
  username: user.name,
  // An invited user has no password until they choose one by the link.
  password_hash: hash,
  role: user.role,
  payor_key: user.payor_key,
  patient_key: null,
  // The temporary password works once and for a few days: the first sign-in leads to
  // Change Password.
  password_reset_required: hash === null ? 0 : 1,
  temporary_password_expires_at: hash === null ? null : temporaryPasswordExpiry(options),
  password_changed_at: null,
  first_name: user.first_name,
  last_name: user.last_name,
  phone: user.phone,
  title: user.title,
  office: user.office,
  created_at: options.now,
  updated_at: options.now,
});

/**
 * Inserts one batch. A user created by someone else since the check (same email) makes
 * the statement fail as a whole, so the batch is retried one row at a time and only the
 * clashing rows fail: no row is ever half-created, and one clash stops no other row.
 */
const insertBatch = async (
  db: Kysely<Database>,
  batch: TEntry[],
  out: { created: TCreated[]; failed: TFailed[] },
  access: TFirstAccess,
) => {
  const present = ({ candidate, password }: TEntry): TCreated => ({
    row: candidate.row,
    email: candidate.user.email,
    name: candidate.user.name,
    role: candidate.user.role,
    temp_password: password,
    invited: password === null,
  });
  // The users and their invitations (token and queued mail) commit together or not at all.
  const insert = (entries: TEntry[]) =>
    db.transaction().execute(async (trx) => {
      await insertUsers(
        trx,
        entries.map((entry) => entry.insert),
      );
      if (access.delivery === 'invitation') {
        const ids = await userIdsByEmail(
          trx,
          entries.map((entry) => entry.candidate.user.email),
        );
        const invited = entries.map(({ candidate: { user } }) => {
          const id = ids.get(user.email);
          if (id === undefined) {
            throw new Error('inserted user not found');
          }
          return { id, email: user.email, name: user.name };
        });
        await issueInvitations(trx, invited, access);
      }
    });
  try {
    await insert(batch);
    out.created.push(...batch.map(present));
    return;
  } catch (error) {
    if (!isUniqueViolation(error)) {
      throw error;
    }
  }
  for (const entry of batch) {
    try {
      await insert([entry]);
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

/**
 * Checks every row, creates the users that pass, each with a temporary password or an
 * invitation email as the admin chose, and reports each row.
 */
export const createUsersFromCsv = async (
  db: Kysely<Database>,
  rows: readonly TCsvRow[],
  options: { now: () => number; delivery: TAccessDelivery; days: number; appOrigin: string },
): Promise<TBulkUploadResults> => {
  const failed: TFailed[] = [];
  const created: TCreated[] = [];
  const candidates = await checkAgainstDatabase(db, checkRows(rows, failed), failed);
  const invite = options.delivery === 'invitation';
  for (const part of chunk(candidates, INSERT_BATCH)) {
    const passwords = invite ? [] : await issueTemporaryPasswords(part.length);
    const access = { ...options, now: options.now() };
    const batch = part.map((candidate, index): TEntry => {
      const issued = passwords[index];
      return {
        candidate,
        password: issued?.password ?? null,
        insert: toInsert(candidate.user, issued?.hash ?? null, access),
      };
    });
    await insertBatch(db, batch, { created, failed }, access);
  }
  const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;
  return { total: rows.length, successful: created.sort(byRow), failed: failed.sort(byRow) };
};
