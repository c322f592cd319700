import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { SELF_PAY_COMPANY } from '@portal/domain/patients-rules';
import type { Database } from '../../db/schema';
import { containsPattern, likeEscaped } from '../../lib/like';
import { IN_CHUNK, chunk } from '../admin-users/repository';

/** The payor filter's choices: every payor but the self-pay entry, which is never shown. */
export const listPayors = (db: Kysely<Database>) =>
  db
    .selectFrom('payors')
    .select(['payor_key', 'company_name'])
    .where((eb) =>
      eb.or([eb('company_name', 'is', null), eb('company_name', '<>', SELF_PAY_COMPANY)]),
    )
    .orderBy('company_name')
    .orderBy('payor_key')
    .execute();

export type TWithoutPortalFilter = { search?: string | undefined; payorKey?: string | undefined };

/** Patients no user is tied to; each search word must appear in the name, email or ID. */
const withoutPortal = (db: Kysely<Database>, filter: TWithoutPortalFilter) => {
  let query = db
    .selectFrom('patients')
    .leftJoin('users', 'users.patient_key', 'patients.patient_key')
    .where('users.id', 'is', null);
  if (filter.payorKey) {
    query = query.where('patients.payor_key', '=', filter.payorKey);
  }
  const words = (filter.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  for (const word of words) {
    const pattern = containsPattern(word);
    const like = (column: Expression<string | null>): Expression<SqlBool> =>
      likeEscaped(sql`lower(${column})`, pattern);
    query = query.where((eb) =>
      eb.or([
        like(eb.ref('patients.first_name')),
        like(eb.ref('patients.last_name')),
        like(eb.ref('patients.email')),
        like(eb.ref('patients.patient_id')),
      ]),
    );
  }
  return query;
};

export const countWithoutPortal = async (db: Kysely<Database>, filter: TWithoutPortalFilter) => {
  const row = await withoutPortal(db, filter)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

const PATIENT_COLUMNS = [
  'patients.patient_key',
  'patients.patient_id',
  'patients.first_name',
  'patients.last_name',
  'patients.email',
  'patients.phone',
  'patients.payor_key',
  'payors.company_name as primary_payor',
] as const;

export const pageWithoutPortal = (
  db: Kysely<Database>,
  filter: TWithoutPortalFilter & { limit: number; offset: number },
) =>
  withoutPortal(db, filter)
    // The self-pay entry is never shown as a payor: such patients show 'N/A'.
    .leftJoin('payors', (join) =>
      join
        .onRef('payors.payor_key', '=', 'patients.payor_key')
        .on('payors.company_name', '<>', SELF_PAY_COMPANY),
    )
    .select(PATIENT_COLUMNS)
    .orderBy('patients.last_name')
    .orderBy('patients.first_name')
    .orderBy('patients.patient_key')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();

export type TActivationPatient = Awaited<ReturnType<typeof pageWithoutPortal>>[number];

const patientsQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('patients')
    .leftJoin('payors', (join) =>
      join
        .onRef('payors.payor_key', '=', 'patients.payor_key')
        .on('payors.company_name', '<>', SELF_PAY_COMPANY),
    )
    .select(PATIENT_COLUMNS);

export const findPatientsByKeys = async (db: Kysely<Database>, keys: readonly string[]) => {
  const found: TActivationPatient[] = [];
  for (const part of chunk([...new Set(keys)], IN_CHUNK)) {
    found.push(...(await patientsQuery(db).where('patients.patient_key', 'in', part).execute()));
  }
  return found;
};

/** Patients whose email is one of these, compared without case (the ERP keeps it as typed). */
export const findPatientsByEmails = async (db: Kysely<Database>, emails: readonly string[]) => {
  const found: TActivationPatient[] = [];
  for (const part of chunk([...new Set(emails)], IN_CHUNK)) {
    found.push(
      ...(await patientsQuery(db)
        .where((eb) => eb(eb.fn('lower', [eb.ref('patients.email')]), 'in', part))
        .execute()),
    );
  }
  return found;
};

/** Which of these patients already have a login. */
export const activatedPatientKeys = async (db: Kysely<Database>, keys: readonly string[]) => {
  const found = new Set<string>();
  for (const part of chunk([...new Set(keys)], IN_CHUNK)) {
    const rows = await db
      .selectFrom('users')
      .select('patient_key')
      .where('patient_key', 'in', part)
      .execute();
    for (const row of rows) {
      if (row.patient_key !== null) {
        found.add(row.patient_key);
      }
    }
  }
  return found;
};
