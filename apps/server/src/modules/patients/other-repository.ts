import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import {
  countNameList,
  pageArguments,
  pageShapeKey,
  type TNameListQuery,
  type TPageRequest,
} from './name-list';
import { nameOrder, pageKeys, type TListParams, type TPageShape } from './search-sql';

/** Intake patients, favourites and payors: the dashboard's smaller reads and writes. */

export const countIntakePatients = (db: Kysely<Database>, query: TNameListQuery) =>
  countNameList(db, 'intake_patients', query);

const intakePage = preparedQuery(pageShapeKey, (db, shape: TPageShape, params: TListParams) => {
  const [sortLast, sortFirst, key] = nameOrder(shape.dialect, 'intake_patients');
  return (
    db
      .selectFrom('intake_patients')
      .innerJoin(
        pageKeys(db, shape, params).as('page'),
        'page.patient_key',
        'intake_patients.patient_key',
      )
      // The intake export reads the ERP's patients, so an intake patient is on the payor's
      // patient list under the same key once the patients table has them.
      .leftJoin('patients as listed', (join) =>
        join
          .onRef('listed.patient_key', '=', 'intake_patients.patient_key')
          .onRef('listed.payor_key', '=', 'intake_patients.payor_key'),
      )
      .select([
        'intake_patients.patient_key',
        'intake_patients.patient_id',
        'intake_patients.first_name',
        'intake_patients.last_name',
        'intake_patients.dob',
        'intake_patients.phone',
        sql<number>`case when ${sql.ref('listed.patient_key')} is null then 0 else 1 end`.as(
          'listed',
        ),
      ])
      .orderBy(sortLast)
      .orderBy(sortFirst)
      .orderBy(key)
  );
});

/**
 * A page of a payor's intake patients by name, found the way the patient list finds them,
 * each saying whether the payor's patient list holds them.
 */
export const listIntakePatients = async (
  db: Kysely<Database>,
  query: TNameListQuery & TPageRequest,
) => {
  const rows = await intakePage.execute(db, ...pageArguments('intake_patients', query));
  return rows.map(({ listed, ...row }) => ({ ...row, has_patient_record: listed === 1 }));
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
