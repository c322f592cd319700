import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SCHEDULE_MESSAGES, type TScheduleSpec } from '@portal/domain/data-sync-schedule-api';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import {
  findSchedule,
  groupNames,
  listSchedules,
  schedulerState,
  type TScheduleRow,
} from './repository';
import { presentSchedule } from './presenters';

export type TScheduleSave = {
  id?: string | undefined;
  group_id: string;
  schedule: TScheduleSpec;
  enabled: boolean;
};

type TNextRun = (scheduleJson: string, after: number) => number | null;

const checkGroups = async (db: Kysely<Database>, items: readonly TScheduleSave[]) => {
  const names = await groupNames(db);
  const unknown = items.find((item) => !names.has(item.group_id));
  if (unknown) {
    throw new AppError('not_found', `Sync group "${unknown.group_id}" not found`);
  }
};

/**
 * Writes one schedule (new or edited) inside the caller's transaction. The next run is
 * planned afresh only when what it depends on changed, so resubmitting the list leaves
 * the other schedules' claims alone.
 */
const writeSchedule = async (
  db: Kysely<Database>,
  item: TScheduleSave,
  options: { existing: TScheduleRow | undefined; position: number; now: number; nextRun: TNextRun },
) => {
  const schedule = JSON.stringify(item.schedule);
  const enabled = item.enabled ? 1 : 0;
  const { existing, now } = options;
  if (existing) {
    const replan =
      existing.schedule !== schedule ||
      existing.enabled !== enabled ||
      existing.group_id !== item.group_id;
    await db
      .updateTable('sync_schedules')
      .set({
        group_id: item.group_id,
        schedule,
        enabled,
        position: options.position,
        updated_at: now,
        ...(replan ? { next_run_at: enabled ? options.nextRun(schedule, now) : null } : {}),
      })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
  const id = randomUUID();
  await db
    .insertInto('sync_schedules')
    .values({
      id,
      group_id: item.group_id,
      schedule,
      enabled,
      position: options.position,
      next_run_at: enabled ? options.nextRun(schedule, now) : null,
      last_run_at: null,
      last_job_id: null,
      last_result: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
};

const SCHEDULER_ID = 'scheduler';

/**
 * Moves the list's version on, inside the transaction that changes a schedule. Given the
 * version the caller read, only from that one: false when the list changed meanwhile.
 * The scheduler's row is made first (schedulerState), so there is a row to move.
 */
const bumpVersion = async (db: Kysely<Database>, seen?: number) => {
  let update = db
    .updateTable('sync_scheduler')
    .set((eb) => ({ schedules_version: eb('schedules_version', '+', 1) }))
    .where('id', '=', SCHEDULER_ID);
  if (seen !== undefined) {
    update = update.where('schedules_version', '=', seen);
  }
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
};

/** The list's version now (a counter in the database, shared by every process). */
export const schedulesVersion = async (db: Kysely<Database>, now: number) =>
  (await schedulerState(db, now)).schedules_version;

export const presentSchedules = async (db: Kysely<Database>, now: number) => {
  const [rows, names, state] = await Promise.all([
    listSchedules(db),
    groupNames(db),
    schedulerState(db, now),
  ]);
  return rows.map((row) =>
    presentSchedule(row, {
      groupName: names.get(row.group_id),
      schedulerRunning: state.running === 1,
    }),
  );
};

/**
 * The list with its version. The version is read first: a change landing between the two
 * reads makes the version look older than the list, so a save is refused, never let through.
 */
export const presentScheduleList = async (db: Kysely<Database>, now: number) => {
  const version = await schedulesVersion(db, now);
  return { version, schedules: await presentSchedules(db, now) };
};

/** POST /schedule: creates, or edits the schedule with the given id. */
export const saveSchedule = async (
  db: Kysely<Database>,
  item: TScheduleSave,
  options: { now: number; nextRun: TNextRun },
) => {
  await checkGroups(db, [item]);
  const rows = await listSchedules(db);
  const existing = item.id === undefined ? undefined : rows.find((row) => row.id === item.id);
  if (item.id !== undefined && !existing) {
    throw new AppError('not_found', `Schedule "${item.id}" not found`);
  }
  await schedulerState(db, options.now);
  return db.transaction().execute(async (trx) => {
    await bumpVersion(trx);
    return writeSchedule(trx, item, {
      existing,
      position: existing ? existing.position : rows.length,
      now: options.now,
      nextRun: options.nextRun,
    });
  });
};

/** PUT /schedules/:id: edits that one schedule; the others are not touched. */
export const updateSchedule = async (
  db: Kysely<Database>,
  id: string,
  item: Omit<TScheduleSave, 'id'>,
  options: { now: number; nextRun: TNextRun },
) => {
  await checkGroups(db, [item]);
  await schedulerState(db, options.now);
  await db.transaction().execute(async (trx) => {
    const existing = await findSchedule(trx, id);
    if (!existing) {
      throw new AppError('not_found', `Schedule "${id}" not found`);
    }
    await bumpVersion(trx);
    await writeSchedule(trx, item, {
      existing,
      position: existing.position,
      now: options.now,
      nextRun: options.nextRun,
    });
  });
  return id;
};

/** DELETE /schedules/:id: deletes that one schedule; returns what it was, for the trail. */
export const deleteSchedule = async (db: Kysely<Database>, id: string, now: number) => {
  await schedulerState(db, now);
  return db.transaction().execute(async (trx) => {
    const existing = await findSchedule(trx, id);
    const result = await trx.deleteFrom('sync_schedules').where('id', '=', id).executeTakeFirst();
    if (!existing || Number(result.numDeletedRows) !== 1) {
      throw new AppError('not_found', `Schedule "${id}" not found`);
    }
    await bumpVersion(trx);
    return existing;
  });
};

/**
 * POST /schedules: the list becomes exactly the one given, in one transaction. Items
 * with an id edit that schedule, items without one are new, and schedules left out are
 * deleted (the spec deletes by resubmitting without the item). The list must carry the
 * version it was read at: when any schedule changed since, nothing is written (409), so
 * a colleague's schedule saved meanwhile is never erased by a list that did not hold it.
 */
export const replaceSchedules = async (
  db: Kysely<Database>,
  items: readonly TScheduleSave[],
  options: { version: number; now: number; nextRun: TNextRun },
) => {
  await checkGroups(db, items);
  await schedulerState(db, options.now);
  return db.transaction().execute(async (trx) => {
    // First, so concurrent saves of one version queue on the row and only one moves it.
    if (!(await bumpVersion(trx, options.version))) {
      throw new AppError('conflict', SCHEDULE_MESSAGES.stale);
    }
    const rows = await listSchedules(trx);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const missing = items.find((item) => item.id !== undefined && !byId.has(item.id));
    if (missing) {
      throw new AppError('not_found', `Schedule "${missing.id}" not found`);
    }
    const keep = new Set(items.flatMap((item) => (item.id === undefined ? [] : [item.id])));
    const deleted = rows.filter((row) => !keep.has(row.id)).map((row) => row.id);
    if (deleted.length > 0) {
      await trx.deleteFrom('sync_schedules').where('id', 'in', deleted).execute();
    }
    const written: string[] = [];
    for (const [position, item] of items.entries()) {
      written.push(
        await writeSchedule(trx, item, {
          existing: item.id === undefined ? undefined : byId.get(item.id),
          position,
          now: options.now,
          nextRun: options.nextRun,
        }),
      );
    }
    return { ids: written, deleted };
  });
};
