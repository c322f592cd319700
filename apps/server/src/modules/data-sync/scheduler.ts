import { FORCE_SYNC_DEFAULTS } from '@portal/domain/data-sync-api';
import { describeSchedule } from '@portal/domain/data-sync-schedule-api';
import {
  addLogs,
  createJob,
  currentRunner,
  failInterruptedJobs,
  finishJob,
  liveJobs,
} from '../../sync/jobs';
import { AppError } from '../../plugins/errors';
import { isoTime, specOf } from './presenters';
import { checkEndedRuns } from './alerts';
import {
  beatJobs,
  claimDueRun,
  dueSchedules,
  groupNames,
  listSchedules,
  recordRunResult,
  runningJobOf,
  schedulerState,
  setNextRun,
  setSchedulerError,
  setSchedulerRunning,
} from './repository';
import type { TAuditEntry } from '../../plugins/audit';
import { warehouseLabel, type TRunDeps, type TRuns } from './runs';
import { nextRunAfter } from './schedule-time';

/** Scheduled runs retry as a forced sync does by default. */
const SCHEDULED_RETRY = {
  maxRetries: FORCE_SYNC_DEFAULTS.max_retries,
  delayMs: FORCE_SYNC_DEFAULTS.retry_delay * 1000,
};

/**
 * Every this many ticks (15 s) a process also fails jobs whose runner has gone, so a dead
 * job is failed within about a minute of its last heartbeat (jobs.ts) plus this.
 */
const RECOVER_EVERY_TICKS = 3;

export type TTickResult = { started: string[]; skipped: string[] };

/**
 * The scheduler. Every process ticks; the database decides. A due schedule is claimed by
 * moving its next_run_at forward with a conditional update (exactly one process wins a
 * slot), and the next slot is computed from now, so runs missed while every process was
 * down collapse into one. The on/off switch is a row, so it holds across processes and
 * restarts.
 */
export const createScheduler = (
  deps: TRunDeps,
  runs: TRuns,
  /** The audit row of each run the scheduler starts (plugins/audit.ts auditSystem). */
  audit: (entry: TAuditEntry) => Promise<void>,
) => {
  const { db, clock, config } = deps;
  const timezone = config.schedulerTimezone;
  let ticks = 0;
  let storedError: string | null | undefined;
  let ticking: Promise<TTickResult> | undefined;

  const nextRun = (scheduleJson: string, after: number) =>
    nextRunAfter(specOf({ schedule: scheduleJson }), after, timezone) ?? null;

  const noteError = async (error: string | null) => {
    if (error !== storedError) {
      await setSchedulerError(db, error);
      storedError = error;
    }
  };

  /**
   * A slot that did not run, in the job history: a group job ended 'skipped' at once, with
   * why as its log line. Already looked at for alerts: a skip is not a failure.
   */
  const recordSkippedSlot = async (row: { id: string; group_id: string }, why: string) => {
    const now = Date.now();
    // One transaction: no reader ever sees it running.
    return db.transaction().execute(async (trx) => {
      const jobId = await createJob(trx, {
        type: 'group',
        source: warehouseLabel(config.warehouseUrl),
        destination: deps.dialect,
        groupId: row.group_id,
        triggeredBy: 'scheduler',
        scheduleId: row.id,
        runner: currentRunner(),
        now,
      });
      await addLogs(trx, jobId, [{ timestamp: now, level: 'warning', message: why }]);
      await finishJob(trx, jobId, { status: 'skipped', now, alert_checked_at: clock() });
      return jobId;
    });
  };

  /** Why a due slot was not run, as Job History says it. */
  const skipReason = async (groupId: string, busy: boolean, message: string) => {
    const name = (await groupNames(db)).get(groupId) ?? groupId;
    if (!busy) {
      return `Skipped: ${name} could not start: ${message}`;
    }
    const running = await runningJobOf(db, groupId);
    return `Skipped: ${name} was still running${running ? ` (job ${running})` : ''}`;
  };

  /** Fails jobs whose process has gone: at start-up and now and then after. */
  const recover = () =>
    failInterruptedJobs(db, Date.now(), (message, jobId) => {
      deps.log.warn({ jobId }, message);
    });

  const runDue = async (): Promise<TTickResult> => {
    ticks += 1;
    await beatJobs(db, [...liveJobs], Date.now());
    if (ticks % RECOVER_EVERY_TICKS === 0) {
      await recover();
    }
    const now = clock();
    // Scheduled runs that ended since the last look: failure alerts (alerts.ts). A failure
    // here is logged and does not hold up the due runs.
    await checkEndedRuns({ db, appOrigin: config.appOrigin, now }).catch((error: unknown) => {
      deps.log.error({ err: error }, 'sync failure alerts failed');
    });
    const state = await schedulerState(db, now);
    const result: TTickResult = { started: [], skipped: [] };
    if (state.running !== 1) {
      return result;
    }
    const failures: string[] = [];
    for (const row of await dueSchedules(db, now)) {
      const claimed = await claimDueRun(db, {
        id: row.id,
        seen: Number(row.next_run_at),
        next: nextRun(row.schedule, now),
        now,
      });
      if (!claimed) {
        continue;
      }
      let jobId: string;
      try {
        ({ jobId } = await runs.startGroupRun(row.group_id, {
          triggeredBy: 'scheduler',
          scheduleId: row.id,
          retry: SCHEDULED_RETRY,
        }));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const busy = error instanceof AppError && error.code === 'conflict';
        const skippedJob = await recordSkippedSlot(
          row,
          await skipReason(row.group_id, busy, message),
        );
        await recordRunResult(db, row.id, {
          jobId: skippedJob,
          text: `${busy ? 'skipped' : 'failed'}: ${message}`,
        });
        result.skipped.push(row.id);
        if (!busy) {
          failures.push(`Scheduled run of ${row.group_id} failed to start: ${message}`);
        }
        continue;
      }
      await recordRunResult(db, row.id, { jobId, text: 'started' });
      result.started.push(jobId);
      // As a start from the console is audited with its admin, a scheduled one is with its
      // schedule: no user, no IP. A failed write ends the tick with an error in the log;
      // the run, already started, goes on.
      await audit({
        action: 'sync_start',
        detail: {
          group_id: row.group_id,
          job_id: jobId,
          schedule_id: row.id,
          triggered_by: 'scheduler',
          retry_settings: {
            max_retries: SCHEDULED_RETRY.maxRetries,
            retry_delay: SCHEDULED_RETRY.delayMs / 1000,
          },
        },
      });
    }
    // A failure stays on the status card until a later due run starts.
    if (failures[0] !== undefined) {
      await noteError(failures[0]);
    } else if (result.started.length > 0) {
      await noteError(null);
    }
    return result;
  };

  /** One pass at a time in this process; other processes are kept out by the claims. */
  const tick = () => {
    ticking ??= runDue().finally(() => {
      ticking = undefined;
    });
    return ticking;
  };

  /** Start or stop for everyone. Starting plans every schedule afresh from now. */
  const control = async (action: 'start' | 'stop', by: string) => {
    const now = clock();
    const changed = await setSchedulerRunning(db, { running: action === 'start', now, by });
    // Only a real start replans: a second 'start' must not push back a run about to fall due.
    if (action === 'start' && changed) {
      storedError = undefined;
      for (const row of await listSchedules(db)) {
        await setNextRun(db, row.id, row.enabled === 1 ? nextRun(row.schedule, now) : null);
      }
    }
    return changed;
  };

  const status = async () => {
    const now = clock();
    const state = await schedulerState(db, now);
    const [schedules, names] = await Promise.all([listSchedules(db), groupNames(db)]);
    const running = state.running === 1;
    const enabled = schedules.filter((row) => row.enabled === 1);
    const upcoming = running
      ? enabled
          .filter((row) => row.next_run_at !== null)
          .sort((a, b) => Number(a.next_run_at) - Number(b.next_run_at))
          .slice(0, 10)
      : [];
    return {
      success: true as const,
      running,
      status: running ? ('running' as const) : ('stopped' as const),
      uptime:
        running && state.started_at !== null
          ? Math.max(0, Math.floor((now - state.started_at) / 1000))
          : 0,
      scheduled_jobs: enabled.length,
      next_scheduled_runs: upcoming.map((row) => ({
        schedule_id: row.id,
        group_id: row.group_id,
        group_name: names.get(row.group_id) ?? row.group_id,
        next_run: isoTime(row.next_run_at)!,
        interval: describeSchedule(specOf(row)),
      })),
      timezone,
      error: state.error,
    };
  };

  /** Waits for a pass in progress, e.g. before the database closes. */
  const settle = async () => {
    await ticking?.catch(() => undefined);
  };

  return { tick, settle, control, status, recover, nextRun };
};

export type TScheduler = ReturnType<typeof createScheduler>;
