import type { Kysely } from 'kysely';
import { z } from 'zod';
import { hasInvalidCharacters } from '@portal/domain/text';
import {
  ACTIVATION_ROW_ERRORS as ERR,
  type TActivationResults,
} from '@portal/domain/portal-activation-api';
import type { TAccessDelivery } from '@portal/domain/first-access';
import type { Database } from '../../db/schema';
import type { TCsvRow } from '../../lib/csv-upload';
import { issueTemporaryPasswords } from '../../lib/temporary-passwords';
import { issueInvitations, temporaryPasswordExpiry } from '../invitations/issue';
import { isUniqueViolation } from '../profile/repository';
import { insertUsers, takenEmails } from '../admin-users/repository';
import {
  activatedPatientKeys,
  findPatientsByEmails,
  findPatientsByKeys,
  type TActivationPatient,
} from './repository';

type TFailed = TActivationResults['failed'][number];
type TActivated = TActivationResults['successful'][number];
type TCandidate = { row: number; patient: TActivationPatient };

const ZEmail = z.email().max(255);

const failure = (row: number, patient: Partial<TActivationPatient>, error: string): TFailed => ({
  row,
  patient_id: patient.patient_id ?? null,
  patient_key: patient.patient_key ?? null,
  email: patient.email ?? null,
  error,
});

/** The selection's patients, in the order sent; unknown and repeated keys fail their row. */
export const candidatesFromKeys = async (
  db: Kysely<Database>,
  keys: readonly string[],
  failed: TFailed[],
): Promise<TCandidate[]> => {
  const found = new Map(
    (await findPatientsByKeys(db, keys)).map((patient) => [patient.patient_key, patient]),
  );
  const seen = new Map<string, number>();
  return keys.flatMap((key, index) => {
    const row = index + 1;
    const patient = found.get(key);
    const first = seen.get(key);
    if (first !== undefined) {
      failed.push(failure(row, patient ?? { patient_key: key }, ERR.duplicateInFile(first)));
      return [];
    }
    seen.set(key, row);
    if (!patient) {
      failed.push(failure(row, { patient_key: key }, ERR.notFound));
      return [];
    }
    return [{ row, patient }];
  });
};

/** Which patient a CSV row means: its email, narrowed and checked by patient_id and payor_key. */
const matchRow = (
  record: Record<string, string>,
  byEmail: Map<string, TActivationPatient[]>,
): { patient: TActivationPatient; error?: never } | { error: string } => {
  const email = (record.email ?? '').trim().toLowerCase();
  const patientId = (record.patient_id ?? '').trim();
  const payorKey = (record.payor_key ?? '').trim();
  if (
    [email, patientId, payorKey].some((cell) => hasInvalidCharacters(cell, { singleLine: true }))
  ) {
    return { error: ERR.invalidText };
  }
  if (!email) {
    return { error: ERR.emailRequired };
  }
  if (!ZEmail.safeParse(email).success) {
    return { error: ERR.emailInvalid };
  }
  const withEmail = byEmail.get(email) ?? [];
  if (withEmail.length === 0) {
    return { error: ERR.noPatientWithEmail };
  }
  const matching = patientId
    ? withEmail.filter((patient) => patient.patient_id === patientId)
    : withEmail;
  const [patient, other] = matching;
  if (!patient) {
    return { error: ERR.patientIdMismatch };
  }
  if (other) {
    return { error: ERR.ambiguousEmail };
  }
  if (payorKey && patient.payor_key !== payorKey) {
    return { error: ERR.payorMismatch };
  }
  return { patient };
};

/** The CSV's patients: found by email, checked against patient_id and payor_key when given. */
export const candidatesFromCsv = async (
  db: Kysely<Database>,
  rows: readonly TCsvRow[],
  failed: TFailed[],
): Promise<TCandidate[]> => {
  const emails = rows.map(({ record }) => (record.email ?? '').trim().toLowerCase());
  const byEmail = new Map<string, TActivationPatient[]>();
  for (const patient of await findPatientsByEmails(db, emails.filter(Boolean))) {
    const email = (patient.email ?? '').trim().toLowerCase();
    byEmail.set(email, [...(byEmail.get(email) ?? []), patient]);
  }
  const seen = new Map<string, number>();
  return rows.flatMap(({ row, record }) => {
    const matched = matchRow(record, byEmail);
    if (matched.error !== undefined) {
      failed.push({
        row,
        patient_id: (record.patient_id ?? '').trim() || null,
        patient_key: null,
        email: (record.email ?? '').trim() || null,
        error: matched.error,
      });
      return [];
    }
    const first = seen.get(matched.patient.patient_key);
    if (first !== undefined) {
      failed.push(failure(row, matched.patient, ERR.duplicateInFile(first)));
      return [];
    }
    seen.set(matched.patient.patient_key, row);
    return [{ row, patient: matched.patient }];
  });
};

const nameOf = (patient: TActivationPatient, email: string) =>
  [patient.first_name, patient.last_name].filter(Boolean).join(' ').trim() ||
  (email.split('@')[0] ?? email);

/** Why a login's insert was refused: the patient got one meanwhile, or the email did. */
const clashReason = async (db: Kysely<Database>, patientKey: string) =>
  (await activatedPatientKeys(db, [patientKey])).has(patientKey)
    ? ERR.alreadyActive
    : ERR.emailTaken;

/**
 * Gives each candidate a patient login: tied to the patient key, the patient's email, and
 * either a temporary password to change at first sign-in (it expires after
 * TEMPORARY_PASSWORD_DAYS) or an invitation email whose link sets the first password. A patient without a usable email, with a
 * login already, or whose email another account uses fails its row. The unique keys on
 * users.patient_key and users.email decide when two admins activate one patient at once:
 * exactly one insert wins, the other row fails with the reason.
 */
export const activatePatients = async (
  db: Kysely<Database>,
  candidates: readonly TCandidate[],
  options: {
    failed: TFailed[];
    now: () => number;
    /** An invitation email, or a temporary password shown in the results. */
    delivery: TAccessDelivery;
    days: number;
    appOrigin: string;
    onActivated: (patientKey: string, userId: number | null) => Promise<void>;
  },
): Promise<Omit<TActivationResults, 'total'>> => {
  const { failed } = options;
  const emailOf = (patient: TActivationPatient) => (patient.email ?? '').trim().toLowerCase();
  // Emails first, then logins: a concurrent activation of the same patient that commits
  // between the two reads then shows as the login it is, not as the email it also took.
  const taken = await takenEmails(
    db,
    candidates.map(({ patient }) => emailOf(patient)).filter(Boolean),
  );
  const activated = await activatedPatientKeys(
    db,
    candidates.map(({ patient }) => patient.patient_key),
  );
  const ready = candidates.filter(({ row, patient }) => {
    const email = emailOf(patient);
    const problem = activated.has(patient.patient_key)
      ? ERR.alreadyActive
      : !email
        ? ERR.noEmail
        : !ZEmail.safeParse(email).success
          ? ERR.emailInvalid
          : taken.has(email)
            ? ERR.emailTaken
            : undefined;
    if (problem) {
      failed.push(failure(row, patient, problem));
    }
    return problem === undefined;
  });
  const invite = options.delivery === 'invitation';
  const passwords = invite ? [] : await issueTemporaryPasswords(ready.length);
  const successful: TActivated[] = [];
  for (const [index, { row, patient }] of ready.entries()) {
    const issued = passwords[index];
    const email = emailOf(patient);
    const name = nameOf(patient, email);
    const access = { ...options, now: options.now() };
    let userId: number | null;
    try {
      // The login and its invitation (token and queued mail) commit together or not at all.
      userId = await db.transaction().execute(async (trx) => {
        await insertUsers(trx, [
          {
            email,
            username: name.slice(0, 255),
            // An invited patient has no password until they choose one by the link.
            password_hash: issued?.hash ?? null,
            role: 'patient',
            payor_key: patient.payor_key,
            patient_key: patient.patient_key,
            password_reset_required: issued ? 1 : 0,
            temporary_password_expires_at: issued ? temporaryPasswordExpiry(access) : null,
            password_changed_at: null,
            first_name: patient.first_name?.slice(0, 100) ?? null,
            last_name: patient.last_name?.slice(0, 100) ?? null,
            phone: patient.phone?.slice(0, 32) ?? null,
            title: null,
            office: null,
            created_at: access.now,
            updated_at: access.now,
          },
        ]);
        const user = await trx
          .selectFrom('users')
          .select('id')
          .where('patient_key', '=', patient.patient_key)
          .executeTakeFirstOrThrow();
        if (invite) {
          await issueInvitations(trx, [{ id: user.id, email, name }], access);
        }
        return user.id;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) {
        throw error;
      }
      failed.push(failure(row, patient, await clashReason(db, patient.patient_key)));
      continue;
    }
    await options.onActivated(patient.patient_key, userId);
    successful.push({
      row,
      patient_id: patient.patient_id,
      email,
      name,
      primary_payor: patient.primary_payor,
      temp_password: issued?.password ?? null,
      invited: invite,
    });
  }
  const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;
  return { successful: successful.sort(byRow), failed: failed.sort(byRow) };
};
