import type { Kysely } from 'kysely';
import type { TDialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { nameOrder, searchCount, searchPageKeys, searchTerms } from './search-sql';
import type { TPageRequest } from './repository';

/** Intake patients, favourites and payors: the dashboard's smaller reads and writes. */

type TIntakeQuery = { dialect: TDialect; payorKey: string; search: string };

const intakeCount = (db: Kysely<Database>, query: TIntakeQuery) => {
  const terms = searchTerms(query.search);
  return terms.length > 0
    ? searchCount(db, { ...query, table: 'intake_patients', terms })
    : db
        .selectFrom('intake_patients')
        .where('intake_patients.payor_key', '=', query.payorKey)
        .select((eb) => eb.fn.countAll<number>().as('total'));
};

export const countIntakePatients = async (db: Kysely<Database>, query: TIntakeQuery) =>
  (await intakeCount(db, query).executeTakeFirst())?.total ?? 0;

/** A page of a payor's intake patients by name, found the way the patient list finds them. */
export const listIntakePatients = (db: Kysely<Database>, query: TIntakeQuery & TPageRequest) => {
  const terms = searchTerms(query.search);
  const offset = (query.page - 1) * query.perPage;
  const [sortLast, sortFirst, key] = nameOrder(query.dialect, 'intake_patients');
  const page =
    terms.length > 0
      ? searchPageKeys(db, {
          ...query,
          table: 'intake_patients',
          terms,
          offset,
          perPage: query.perPage,
        })
      : db
          .selectFrom('intake_patients')
          .where('intake_patients.payor_key', '=', query.payorKey)
          .select('intake_patients.patient_key')
          .orderBy(sortLast)
          .orderBy(sortFirst)
          .orderBy(key)
          .limit(query.perPage)
          .offset(offset);
  return db
    .selectFrom('intake_patients')
    .innerJoin(page.as('page'), 'page.patient_key', 'intake_patients.patient_key')
    .select([
      'intake_patients.patient_key',
      'intake_patients.patient_id',
      'intake_patients.first_name',
      'intake_patients.last_name',
      'intake_patients.dob',
      'intake_patients.phone',
    ])
    .orderBy(sortLast)
    .orderBy(sortFirst)
    .orderBy(key)
    .execute();
};

export const listFavoriteKeys = async (db: Kysely<Database>, userId: number) => {
  const rows = await db
    .selectFrom('user_favorites')
    .select('patient_key')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('patient_key')
    .execute();
  return rows.map((row) => row.patient_key);
};

/** Marks or unmarks a favourite and says which it is now. */
export const toggleFavorite = (
  db: Kysely<Database>,
  options: { userId: number; patientKey: string; now: number },
) =>
  db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('user_favorites')
      .where('user_id', '=', options.userId)
      .where('patient_key', '=', options.patientKey)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      return false;
    }
    await trx
      .insertInto('user_favorites')
      .values({ user_id: options.userId, patient_key: options.patientKey, created_at: options.now })
      .execute();
    return true;
  });

/** Payors a user may pick: all real ones, or only the given one. The self-pay entry never. */
export const listPayors = (db: Kysely<Database>, onlyPayorKey?: string) => {
  let query = db
    .selectFrom('payors')
    .select(['payor_key', 'company_name'])
    .where((eb) => eb.or([eb('company_name', 'is', null), eb('company_name', '<>', '[Patient]')]));
  if (onlyPayorKey !== undefined) {
    query = query.where('payor_key', '=', onlyPayorKey);
  }
  return query.orderBy('company_name').orderBy('payor_key').execute();
};
