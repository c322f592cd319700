import type { Kysely, Selectable } from 'kysely';
import type { TSyncJobStatus } from '@portal/domain/sync-job';
import type { TSyncGroup } from '@portal/domain/sync-mapping';
import { dialectOfDb } from '../../db/database';
import type { Database, SyncSchedulesTable } from '../../db/schema';

export type TScheduleRow = Selectable<SyncSchedulesTable>;

// ---------------------------------------------------------------- groups

/** Inserts or updates a group; a default group keeps its name and default flag. */
export const saveGroup = async (
  db: Kysely<Database>,
  group: TSyncGroup,
  options: { now: number; exists: boolean },
) => {
  const mappings = JSON.stringify(group.mappings);
  if (options.exists) {
    await db
      .updateTable('sync_groups')
      .set({
        name: group.name,
        description: group.description,
        mappings,
        updated_at: options.now,
      })
      .where('id', '=', group.id)
      .execute();
    return;
  }
  const last = await db
    .selectFrom('sync_groups')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  await db
    .insertInto('sync_groups')
    .values({
      id: group.id,
      name: group.name,
      description: group.description,
      mappings,
      is_default: 0,
      position: (last?.position ?? 0) + 1,
      created_at: options.now,
      updated_at: options.now,
    })
    .execute();
};

export const groupNames = async (db: Kysely<Database>) =>
  new Map(
    (await db.selectFrom('sync_groups').select(['id', 'name']).execute()).map((row) => [
      row.id,
      row.name,
    ]),
  );

export const runningJobOf = async (db: Kysely<Database>, groupId: string) =>
  (
    await db
      .selectFrom('sync_groups')
      .select('running_job_id')
      .where('id', '=', groupId)
      .executeTakeFirst()
  )?.running_job_id ?? null;

/**
 * Takes the group for a run: running_job_id moves from what the caller saw (null, or a
 * job that has ended) to the new job in one conditional update, so of two processes
 * starting the same group at once exactly one sees a row updated.
 */
export const takeGroup = async (
  db: Kysely<Database>,
  options: { groupId: string; jobId: string; seen: string | null },
) => {
  const result = await db
    .updateTable('sync_groups')
    .set({ running_job_id: options.jobId })
    .where('id', '=', options.groupId)
    .where((eb) =>
      options.seen === null
        ? eb('running_job_id', 'is', null)
        : eb('running_job_id', '=', options.seen),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Lets go of the group, if this job still holds it. */
export const releaseGroup = (db: Kysely<Database>, groupId: string, jobId: string) =>
  db
    .updateTable('sync_groups')
    .set({ running_job_id: null })
    .where('id', '=', groupId)
    .where('running_job_id', '=', jobId)
    .execute();

// ---------------------------------------------------------------- jobs

export const pageJobs = async (
  db: Kysely<Database>,
  options: { page: number; perPage: number; status?: TSyncJobStatus; topLevel: boolean },
) => {
  let query = db.selectFrom('sync_jobs');
  if (options.status) {
    query = query.where('status', '=', options.status);
  }
  if (options.topLevel) {
    query = query.where('parent_id', 'is', null);
  }
  const [count, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    query
      .selectAll()
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
  ]);
  return { total: Number(count?.n ?? 0), rows };
};

/** The end of the newest completed load of a table, and its job. */
export const lastTableSync = (db: Kysely<Database>, table: string) =>
  db
    .selectFrom('sync_jobs')
    .select(['id', 'end_time'])
    .where('mysql_table', '=', table)
    .where('status', '=', 'completed')
    .orderBy('end_time', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Marks the heartbeat of the jobs this process runs, so other hosts see them alive. */
export const beatJobs = async (db: Kysely<Database>, ids: readonly string[], now: number) => {
  if (ids.length > 0) {
    await db
      .updateTable('sync_jobs')
      .set({ heartbeat_at: now })
      .where('id', 'in', [...ids])
      .where('status', '=', 'running')
      .execute();
  }
};

// ---------------------------------------------------------------- schedules

export const listSchedules = (db: Kysely<Database>) =>
  db.selectFrom('sync_schedules').selectAll().orderBy('position').orderBy('created_at').execute();

export const findSchedule = (db: Kysely<Database>, id: string) =>
  db.selectFrom('sync_schedules').selectAll().where('id', '=', id).executeTakeFirst();

export const dueSchedules = (db: Kysely<Database>, now: number) =>
  db
    .selectFrom('sync_schedules')
    .selectAll()
    .where('enabled', '=', 1)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .execute();

/**
 * Claims one due run: next_run_at moves from the value this process read to the next
 * slot in one conditional update. Processes racing for the same slot all send it; the
 * database applies it once, and only that process starts the run.
 */
export const claimDueRun = async (
  db: Kysely<Database>,
  options: { id: string; seen: number; next: number | null; now: number },
) => {
  const result = await db
    .updateTable('sync_schedules')
    .set({ next_run_at: options.next, last_run_at: options.now })
    .where('id', '=', options.id)
    .where('next_run_at', '=', options.seen)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const recordRunResult = (
  db: Kysely<Database>,
  id: string,
  result: { jobId: string | null; text: string },
) =>
  db
    .updateTable('sync_schedules')
    .set({ last_job_id: result.jobId, last_result: result.text.slice(0, 255) })
    .where('id', '=', id)
    .execute();

export const setNextRun = (db: Kysely<Database>, id: string, next: number | null) =>
  db.updateTable('sync_schedules').set({ next_run_at: next }).where('id', '=', id).execute();

// ---------------------------------------------------------------- scheduler state

const SCHEDULER_ID = 'scheduler';

/** The scheduler's row, made on first use: running, since the first process asked. */
export const schedulerState = async (db: Kysely<Database>, now: number) => {
  const found = await db
    .selectFrom('sync_scheduler')
    .selectAll()
    .where('id', '=', SCHEDULER_ID)
    .executeTakeFirst();
  if (found) {
    return found;
  }
  const insert = db.insertInto('sync_scheduler').values({
    id: SCHEDULER_ID,
    running: 1,
    started_at: now,
    stopped_at: null,
    changed_by: null,
    error: null,
  });
  await (
    dialectOfDb(db) === 'mysql'
      ? insert.ignore()
      : insert.onConflict((conflict) => conflict.column('id').doNothing())
  ).execute();
  return db
    .selectFrom('sync_scheduler')
    .selectAll()
    .where('id', '=', SCHEDULER_ID)
    .executeTakeFirstOrThrow();
};

/** Turns the scheduler on or off; false when it already was. */
export const setSchedulerRunning = async (
  db: Kysely<Database>,
  options: { running: boolean; now: number; by: string },
) => {
  await schedulerState(db, options.now);
  const result = await db
    .updateTable('sync_scheduler')
    .set(
      options.running
        ? { running: 1, started_at: options.now, changed_by: options.by, error: null }
        : { running: 0, stopped_at: options.now, changed_by: options.by },
    )
    .where('id', '=', SCHEDULER_ID)
    .where('running', '=', options.running ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const setSchedulerError = (db: Kysely<Database>, error: string | null) =>
  db
    .updateTable('sync_scheduler')
    .set({ error: error?.slice(0, 1000) ?? null })
    .where('id', '=', SCHEDULER_ID)
    .execute();

// ---------------------------------------------------------------- what presenting jobs needs

/** A group as job names read it: its name and the tables its mappings fill. */
export type TGroupLabel = { name: string; tables: string[]; mappings: number };

/** The figures of a group run's mapping jobs, summed. */
export type TChildTotals = { rowsInserted: number; rowsProcessed: number; progressSum: number };

/** What presentJob adds to a job row: its group's name and tables, a group run's totals. */
export type TJobContext = {
  groups: ReadonlyMap<string, TGroupLabel>;
  children: ReadonlyMap<string, TChildTotals>;
};

/** The destination tables of stored mappings, each once, in order; a bad row gives none. */
const labelOf = (group: { name: string; mappings: string }): TGroupLabel => {
  try {
    const parsed: unknown = JSON.parse(group.mappings);
    const tables = Array.isArray(parsed)
      ? parsed.flatMap((mapping: unknown) => {
          const table = (mapping as { mysql_table?: unknown } | null)?.mysql_table;
          return typeof table === 'string' ? [table] : [];
        })
      : [];
    return {
      name: group.name,
      tables: [...new Set(tables)],
      mappings: Array.isArray(parsed) ? parsed.length : 0,
    };
  } catch {
    return { name: group.name, tables: [], mappings: 0 };
  }
};

/**
 * Names and totals for a page of jobs, in two statements whatever the page's size: the
 * groups the jobs belong to, and per group run the sum of its mapping jobs' rows and
 * progress (a running mapping counts its own progress, an ended one 100).
 */
export const jobContextOf = async (
  db: Kysely<Database>,
  rows: readonly { id: string; type: string; group_id: string | null }[],
): Promise<TJobContext> => {
  const groupIds = [...new Set(rows.flatMap((row) => (row.group_id ? [row.group_id] : [])))];
  const runIds = rows.filter((row) => row.type === 'group').map((row) => row.id);
  const [groups, totals] = await Promise.all([
    groupIds.length === 0
      ? []
      : db
          .selectFrom('sync_groups')
          .select(['id', 'name', 'mappings'])
          .where('id', 'in', groupIds)
          .execute(),
    runIds.length === 0
      ? []
      : db
          .selectFrom('sync_jobs')
          .select((eb) => [
            'parent_id',
            eb.fn.sum<number | string>('rows_inserted').as('rows_inserted'),
            eb.fn.sum<number | string>('rows_processed').as('rows_processed'),
            eb.fn
              .sum<number | string>(
                eb.case().when('status', '=', 'running').then(eb.ref('progress')).else(100).end(),
              )
              .as('progress_sum'),
          ])
          .where('parent_id', 'in', runIds)
          .groupBy('parent_id')
          .execute(),
  ]);
  return {
    groups: new Map(groups.map((group) => [group.id, labelOf(group)])),
    children: new Map(
      totals.map((total) => [
        total.parent_id ?? '',
        {
          rowsInserted: Number(total.rows_inserted),
          rowsProcessed: Number(total.rows_processed),
          progressSum: Number(total.progress_sum),
        },
      ]),
    ),
  };
};

/**
 * Each group's newest top-level run, in one statement: the runs numbered newest first per
 * group, the first of each kept. A group never run has none. (A scan of the top-level
 * runs; an index on sync_jobs (group_id, start_time) would make it a seek.)
 */
export const lastJobPerGroup = (db: Kysely<Database>) => {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('sync_jobs')
        .selectAll()
        .select((inner) =>
          inner.fn
            .agg<number>('row_number')
            .over((over) =>
              over.partitionBy('group_id').orderBy('start_time', 'desc').orderBy('id', 'desc'),
            )
            .as('newest'),
        )
        .where('parent_id', 'is', null)
        .where('group_id', 'is not', null)
        // A skipped scheduled slot ran nothing: the card keeps the run that did.
        .where('status', '!=', 'skipped')
        .as('runs'),
    )
    .selectAll()
    .where('newest', '=', 1)
    .execute();
};
