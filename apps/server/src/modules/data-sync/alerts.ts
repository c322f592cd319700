import type { Kysely, Selectable } from 'kysely';
import type { Database, SyncJobsTable } from '../../db/schema';
import { enqueueMail, type TMailMessage } from '../../mail/outbox';

/** After a mailed alert, a group's next failure is grouped under it for this long at least. */
export const ALERT_WINDOW_MS = 60 * 60_000;

/** How many ended runs one pass looks at; the rest wait for the next tick. */
const BATCH = 50;

type TEndedRun = Pick<
  Selectable<SyncJobsTable>,
  'id' | 'group_id' | 'status' | 'error_category' | 'error_message' | 'cancel_requested_at'
>;

type TAlertDeps = { db: Kysely<Database>; appOrigin: string; now: number };

const ENDED = ['completed', 'failed', 'partial', 'cancelled'] as const;

/** The error a failed or partial group run is explained by: its own, or its first failed mapping's. */
const causeOf = async (db: Kysely<Database>, run: TEndedRun) => {
  const child = await db
    .selectFrom('sync_jobs')
    .select(['error_category', 'error_message', 'mysql_table'])
    .where('parent_id', '=', run.id)
    .where('status', '=', 'failed')
    .orderBy('start_time')
    .limit(1)
    .executeTakeFirst();
  return {
    category: child?.error_category ?? run.error_category ?? 'unknown_error',
    message: child?.error_message ?? run.error_message ?? 'No error message was recorded.',
    table: child?.mysql_table ?? null,
  };
};

/** The alert mail: the group, how the run ended, the error category and a link to the job. */
export const alertMail = (options: {
  to: string;
  groupName: string;
  status: string;
  category: string;
  message: string;
  table: string | null;
  link: string;
}): TMailMessage => {
  const ended = options.status === 'partial' ? 'ended partial' : 'failed';
  const lines = [
    `The scheduled sync of "${options.groupName}" ${ended}.`,
    '',
    `Error category: ${options.category}`,
    ...(options.table ? [`First failed table: ${options.table}`] : []),
    `Error: ${options.message.split('\n')[0]!.slice(0, 300)}`,
    '',
    `Job details: ${options.link}`,
    '',
    'Further failures of this group are not mailed until a run of it succeeds.',
  ];
  return {
    to: options.to,
    subject: `Scheduled sync ${ended}: ${options.groupName}`,
    text: lines.join('\n'),
  };
};

/**
 * A failed or partial scheduled run of a group. The first one since the group's last
 * success mails every active admin, unless a mail went out within the window (a group
 * flapping between success and failure); later ones are counted under the open alert.
 * Changes are conditional on what was read, so two processes never both mail.
 */
const raise = async (deps: TAlertDeps, run: TEndedRun & { group_id: string }) => {
  const { db, now } = deps;
  const open = await db
    .selectFrom('sync_alerts')
    .selectAll()
    .where('group_id', '=', run.group_id)
    .executeTakeFirst();
  let mail: boolean;
  if (!open) {
    await db
      .insertInto('sync_alerts')
      .values({
        group_id: run.group_id,
        job_id: run.id,
        last_job_id: run.id,
        failures: 1,
        opened_at: now,
        mailed_at: now,
        resolved_at: null,
      })
      .execute();
    mail = true;
  } else if (open.resolved_at === null) {
    await db
      .updateTable('sync_alerts')
      .set((eb) => ({ last_job_id: run.id, failures: eb('failures', '+', 1) }))
      .where('group_id', '=', run.group_id)
      .execute();
    return;
  } else {
    mail = open.mailed_at === null || now - open.mailed_at >= ALERT_WINDOW_MS;
    const reopened = await db
      .updateTable('sync_alerts')
      .set({
        job_id: run.id,
        last_job_id: run.id,
        failures: 1,
        opened_at: now,
        resolved_at: null,
        ...(mail ? { mailed_at: now } : {}),
      })
      .where('group_id', '=', run.group_id)
      .where('resolved_at', '=', open.resolved_at)
      .executeTakeFirst();
    if (Number(reopened.numUpdatedRows) !== 1) {
      return;
    }
  }
  if (!mail) {
    return;
  }
  // One after another: these run on the transaction's one connection.
  const group = await db
    .selectFrom('sync_groups')
    .select('name')
    .where('id', '=', run.group_id)
    .executeTakeFirst();
  const admins = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .execute();
  const cause = await causeOf(db, run);
  const link = `${deps.appOrigin}/data-sync?job=${encodeURIComponent(run.id)}`;
  for (const admin of admins) {
    await enqueueMail(
      db,
      alertMail({
        to: admin.email,
        groupName: group?.name ?? run.group_id,
        status: run.status,
        ...cause,
        link,
      }),
      now,
    );
  }
};

/** A scheduled run of the group succeeded: its alert, if open, is resolved. */
const resolve = (db: Kysely<Database>, groupId: string, now: number) =>
  db
    .updateTable('sync_alerts')
    .set({ resolved_at: now })
    .where('group_id', '=', groupId)
    .where('resolved_at', 'is', null)
    .execute();

/**
 * Looks once at every scheduled group run that has ended: a failure or partial end
 * raises its group's alert, a success resolves it. Each run is claimed by setting its
 * alert_checked_at in the transaction that acts on it, so of several processes exactly
 * one handles it, and a crash between claim and mail leaves neither. Returns the runs
 * this process handled.
 */
export const checkEndedRuns = async (deps: TAlertDeps) => {
  const ended = await deps.db
    .selectFrom('sync_jobs')
    .select(['id', 'group_id', 'status', 'error_category', 'error_message', 'cancel_requested_at'])
    .where('alert_checked_at', 'is', null)
    .where('schedule_id', 'is not', null)
    .where('parent_id', 'is', null)
    .where('type', '=', 'group')
    .where('status', 'in', [...ENDED])
    .orderBy('end_time')
    .limit(BATCH)
    .execute();
  const handled: string[] = [];
  for (const run of ended) {
    const claimed = await deps.db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('sync_jobs')
        .set({ alert_checked_at: deps.now })
        .where('id', '=', run.id)
        .where('alert_checked_at', 'is', null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1 || run.group_id === null) {
        return false;
      }
      if (run.cancel_requested_at !== null) {
        // Stopped by someone on purpose: neither news for admins nor a success.
        return true;
      }
      if (run.status === 'completed') {
        await resolve(trx, run.group_id, deps.now);
      } else {
        await raise({ ...deps, db: trx }, { ...run, group_id: run.group_id });
      }
      return true;
    });
    if (claimed) {
      handled.push(run.id);
    }
  }
  return handled;
};
