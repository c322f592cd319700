import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import { createVersionMemo } from '../../lib/version-memo';
import { listPatients, type TCountedPatientRow } from './repository';
import type { TNameListQuery, TPageRequest } from './name-list';

/**
 * A page of the patient list reads the synced patients and their order-count summary,
 * which change only when a sync loads patients or orders, and the classifications the
 * user enabled. Every such load writes a new data version in its transaction (the stamp
 * of analytics/summaries.ts), so a page computed for one version, payor, search, page
 * size and set of enabled classifications is the page a fresh read would give while the
 * version stands. One short read per request (the version and the user's classifications,
 * together) then replaces the page statement, which was most of a list answer's cost on
 * MariaDB and PostgreSQL (docs/benchmarks.md). Scope is checked before, and the audit row
 * written after, exactly as for a fresh read; decisions.md, "The patient list's pages,
 * kept per data version".
 */

/** The data version and the user's enabled classifications: one row each, or one. */
const listStampQuery = preparedQuery(
  () => 'list-stamp',
  (db, _shape: null, params: { userId: number }) =>
    db
      .selectFrom('analytics_refresh as r')
      .leftJoin('user_preferences as p', (join) =>
        join.on('p.user_id', '=', params.userId).on('p.kind', '=', 'so_classification'),
      )
      .select(['r.version', 'p.value'])
      .where('r.id', '=', 1),
);

type TListRequest = TNameListQuery & TPageRequest & { userId: number };
type TListPage = { rows: TCountedPatientRow[]; total: number };

/** How many pages a process keeps: the first pages of the busiest payors and searches. */
const PAGES_KEPT = 256;

export const createPatientListMemo = () => {
  const memo = createVersionMemo(PAGES_KEPT);
  return async (db: Kysely<Database>, request: TListRequest): Promise<TListPage> => {
    const stamp = await listStampQuery.execute(db, null, { userId: request.userId });
    const version = stamp[0]?.version;
    if (version === undefined) {
      // Nothing synced yet marks the data (test fixtures, a database filled by hand).
      return listPatients(db, request);
    }
    const classifications = stamp
      .map((row) => row.value)
      .filter((value) => value !== null)
      .sort();
    const key = JSON.stringify([
      request.payorKey,
      request.search,
      request.page,
      request.perPage,
      classifications,
    ]);
    return memo.get(version, key, () => listPatients(db, request));
  };
};

export type TPatientListReader = ReturnType<typeof createPatientListMemo>;
