import { describeSchedule, type TSchedule } from '@portal/domain/data-sync-schedule-api';
import { Alert } from '../../../components/ui/alert';
import { useSchedules } from '../api/get-schedules';
import { useDeleteSchedule } from '../api/save-schedules';
import { formatDateTime } from '../lib/format';
import { editScheduleForm, newScheduleForm } from '../lib/schedule-form';
import {
  buttonClass,
  cardClass,
  cardListClass,
  dangerButtonClass,
  panelClass,
  primaryButtonClass,
  tableClass,
  tdClass,
  thClass,
} from '../lib/ui-classes';
import { useDataSync } from './data-sync-context';

const COLUMNS = ['Group', 'Schedule', 'Enabled', 'Next run', 'Last run', 'Actions'];

/** Configured schedules, a table on wide screens and cards on a phone, with Run Now, Edit, Delete. */
export const SchedulesTable = () => {
  const { canRun, openDialog, startSync } = useDataSync();
  const schedules = useSchedules();
  const remove = useDeleteSchedule();
  const all = schedules.data?.schedules ?? [];
  const actions = (schedule: TSchedule) =>
    canRun && (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          aria-label={`Run Now: ${schedule.group_name}`}
          onClick={() => startSync(schedule.group_id)}
        >
          Run Now
        </button>
        <button
          type="button"
          className={buttonClass}
          aria-label={`Edit: ${schedule.group_name}`}
          onClick={() => openDialog({ kind: 'schedule', form: editScheduleForm(schedule) })}
        >
          Edit
        </button>
        <button
          type="button"
          className={dangerButtonClass}
          aria-label={`Delete: ${schedule.group_name}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ all, id: schedule.id })}
        >
          Delete
        </button>
      </div>
    );
  const cells = (schedule: TSchedule) => [
    schedule.group_name,
    describeSchedule(schedule.schedule),
    schedule.enabled ? 'Yes' : 'No',
    formatDateTime(schedule.next_run),
    formatDateTime(schedule.last_run),
  ];
  return (
    <section aria-labelledby="schedules-title" className={panelClass}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="schedules-title" className="text-lg font-semibold text-slate-900">
          Configured Schedules
        </h2>
        {canRun && (
          <button
            type="button"
            className={primaryButtonClass}
            onClick={() => openDialog({ kind: 'schedule', form: newScheduleForm() })}
          >
            Add Schedule
          </button>
        )}
      </div>
      {remove.isError && (
        <Alert tone="error">Failed to delete schedule: {remove.error.message}</Alert>
      )}
      {schedules.isPending ? (
        <p className="text-sm text-slate-600">Loading schedules...</p>
      ) : schedules.isError ? (
        <Alert tone="error">Failed to load schedules: {schedules.error.message}</Alert>
      ) : all.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">No schedules configured</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className={tableClass}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className={thClass}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {all.map((schedule) => (
                  <tr key={schedule.id} data-testid="schedule-row">
                    {cells(schedule).map((cell, index) => (
                      <td key={index} className={tdClass}>
                        {cell}
                      </td>
                    ))}
                    <td className={tdClass}>{actions(schedule)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className={cardListClass} aria-label="Schedules">
            {all.map((schedule) => (
              <li key={schedule.id} className={cardClass}>
                <dl className="mb-2 grid grid-cols-[7rem_1fr] gap-1">
                  {cells(schedule).map((cell, index) => (
                    <div key={COLUMNS[index]} className="contents">
                      <dt className="text-slate-600">{COLUMNS[index]}</dt>
                      <dd>{cell}</dd>
                    </div>
                  ))}
                </dl>
                {actions(schedule)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
};
