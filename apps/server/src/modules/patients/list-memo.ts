import type { Kysely } from 'kysely';
import type { TPortalDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import { createBatchedReads, padded, type TBatchedReads } from '../../lib/batched-reads';
import { createVersionMemo } from '../../lib/version-memo';
import { enabledClassifications } from './repository';
import { searchPatientPage, type TSearchPage } from './patient-search';
import type { TNameListQuery, TPageRequest } from './name-list';

/**
 * A page of the patient list reads the synced patients and their order-count summary
 * (a search also their phone table and the orders it names: patient-search.ts), which
 * change only when a sync loads patients or orders, and the classifications the user
 * enabled. Every such load writes a new data version in its transaction (the stamp
 * of analytics/summaries.ts), so a page computed for one version, payor, search, page
 * size and set of enabled classifications is the page a fresh read would give while the
 * version stands. One short read per request (the version and the user's classifications,
 * together) then replaces the page statement, which was most of a list answer's cost on
 * MariaDB and PostgreSQL (docs/benchmarks.md). Scope is checked before, and the audit row
 * written after, exactly as for a fresh read; decisions.md, "The patient list's pages,
 * kept per data version".
 */

/**
 * The data version and the enabled classifications of the given users: one row per
 * enabled classification, or a single row without a user when none of them enabled any;
 * no row before a first sync wrote a version (the page then reads the classifications on
 * its own).
 */
const listStampQuery = preparedQuery(
  () => 'list-stamp',
  (db, _shape: null, params: { userIds: number[] }) =>
    db
      .selectFrom('analytics_refresh as r')
      .leftJoin('user_preferences as p', (join) =>
        join.on('p.user_id', 'in', params.userIds).on('p.kind', '=', 'so_classification'),
      )
      .select(['r.version', 'p.user_id', 'p.value'])
      .where('r.id', '=', 1),
);

type TStamp = { version: number; classifications: string[] };

/** Each user's stamp; none when nothing has written a version yet. */
const readStamps = async (db: Kysely<Database>, userIds: readonly number[]) => {
  const rows = await listStampQuery.execute(db, null, { userIds: padded(userIds) });
  const stamps = new Map<number, TStamp>();
  const version = rows[0]?.version;
  if (version === undefined) {
    return stamps;
  }
  for (const userId of userIds) {
    stamps.set(userId, { version, classifications: [] });
  }
  for (const row of rows) {
    if (row.user_id !== null && row.value !== null) {
      stamps.get(row.user_id)?.classifications.push(row.value);
    }
  }
  return stamps;
};

/**
 * Reads the stamp of a request, sharing one statement with the list requests that arrive
 * in the same turn of the event loop: on MariaDB and PostgreSQL a round trip each was a
 * fifth of the portal's time per list answer, and on SQLite a read transaction each costs
 * its WAL lock's system calls.
 */
const createStampReader = (database: TPortalDatabase): TBatchedReads<number, TStamp> =>
  createBatchedReads({
    readMany: (userIds: readonly number[]) => readStamps(database.db, userIds),
    each: (stamp) => stamp && { ...stamp, classifications: [...stamp.classifications] },
    maxBatch: 64,
  });

type TListRequest = TNameListQuery & TPageRequest & { userId: number };
type TListPage = TSearchPage;

/** How many pages a process keeps: the first pages of the busiest payors and searches. */
const PAGES_KEPT = 256;

/**
 * `read(request)`: the page, kept or read now; `stats`: the stamp statements sent and the
 * requests they answered.
 */
export const createPatientListMemo = (database: TPortalDatabase) => {
  const memo = createVersionMemo(PAGES_KEPT);
  const stamps = createStampReader(database);
  const { db } = database;
  const read = async (request: TListRequest): Promise<TListPage> => {
    const stamp = await stamps.read(request.userId);
    if (stamp === undefined) {
      // Nothing synced yet marks the data (test fixtures, a database filled by hand).
      const classifications = await enabledClassifications(db, request.userId);
      return searchPatientPage(db, { ...request, classifications });
    }
    const classifications = stamp.classifications.sort();
    const key = JSON.stringify([
      request.payorKey,
      request.search,
      request.page,
      request.perPage,
      classifications,
    ]);
    return memo.get(stamp.version, key, () =>
      searchPatientPage(db, { ...request, classifications }),
    );
  };
  return { read, stats: stamps.stats };
};
