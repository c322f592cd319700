import { useState } from 'react';
import { formatDateTime } from '@portal/domain/format';
import { describeSchedule, type TSchedule } from '@portal/domain/data-sync-schedule-api';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardList, CardListItem, TableOrCards } from '../../../components/ui/card-list';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows, SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';
import { useSchedules } from '../api/get-schedules';
import { useDeleteSchedule } from '../api/delete-schedule';
import { NONE } from '../lib/format';
import { editScheduleForm, newScheduleForm } from '../lib/schedule-form';
import { useDataSync } from './data-sync-context';

const COLUMNS = ['Group', 'Schedule', 'Enabled', 'Next run', 'Last run', 'Actions'];
const LOADING = 'Loading schedules...';

/** Configured schedules, a table on wide screens and cards on a phone, with Run Now, Edit, Delete. */
export const SchedulesTable = () => {
  const { canRun, openDialog, startSync } = useDataSync();
  const schedules = useSchedules();
  const remove = useDeleteSchedule();
  // The schedule whose Delete was pressed, until the question is answered.
  const [deleting, setDeleting] = useState<TSchedule | null>(null);
  const all = schedules.data?.schedules ?? [];
  const actions = (schedule: TSchedule) =>
    canRun && (
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          aria-label={`Run Now: ${schedule.group_name}`}
          onClick={() => startSync(schedule.group_id)}
        >
          Run Now
        </Button>
        <Button
          size="sm"
          aria-label={`Edit: ${schedule.group_name}`}
          onClick={() => openDialog({ kind: 'schedule', form: editScheduleForm(schedule) })}
        >
          Edit
        </Button>
        <Button
          variant="danger"
          size="sm"
          aria-label={`Delete: ${schedule.group_name}`}
          disabled={remove.isPending}
          onClick={() => {
            remove.reset();
            setDeleting(schedule);
          }}
        >
          Delete
        </Button>
      </div>
    );
  const cells = (schedule: TSchedule) => [
    schedule.group_name,
    describeSchedule(schedule.schedule),
    schedule.enabled ? 'Yes' : 'No',
    formatDateTime(schedule.next_run, NONE),
    formatDateTime(schedule.last_run, NONE),
  ];
  const table = (
    <Table responsive aria-busy={schedules.isPending}>
      <THead>
        <TR>
          {COLUMNS.map((column) => (
            <TH key={column}>{column}</TH>
          ))}
        </TR>
      </THead>
      <TBody>
        {schedules.isPending ? (
          <SkeletonTableRows columns={COLUMNS} rows={3} label={LOADING} />
        ) : (
          all.map((schedule) => (
            <TR key={schedule.id} data-testid="schedule-row">
              {cells(schedule).map((cell, index) => (
                <TD key={index}>{cell}</TD>
              ))}
              <TD>{actions(schedule)}</TD>
            </TR>
          ))
        )}
      </TBody>
    </Table>
  );
  const cards = schedules.isPending ? (
    <SkeletonRows rows={3} label={LOADING} rowClassName="h-36 rounded-xl" className="md:hidden" />
  ) : (
    <CardList aria-label="Schedules">
      {all.map((schedule) => (
        <CardListItem key={schedule.id}>
          <dl className="mb-2 grid grid-cols-[7rem_1fr] gap-1">
            {cells(schedule).map((cell, index) => (
              <div key={COLUMNS[index]} className="contents">
                <dt className="text-slate-600">{COLUMNS[index]}</dt>
                <dd>{cell}</dd>
              </div>
            ))}
          </dl>
          {actions(schedule)}
        </CardListItem>
      ))}
    </CardList>
  );
  return (
    <Panel aria-labelledby="schedules-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="schedules-title" className="text-lg font-semibold text-slate-900">
          Configured Schedules
        </h2>
        {canRun && (
          <Button
            variant="primary"
            onClick={() => openDialog({ kind: 'schedule', form: newScheduleForm() })}
          >
            Add Schedule
          </Button>
        )}
      </div>
      {remove.isError && (
        <Alert tone="error">
          {remove.error.message
            ? `Failed to delete schedule: ${remove.error.message}`
            : 'Failed to delete schedule'}
        </Alert>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete schedule?"
        message={
          deleting
            ? `The schedule of ${deleting.group_name} (${describeSchedule(deleting.schedule)}) stops running and is deleted. Other schedules are not touched.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) {
            remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
          }
        }}
      />
      {schedules.isError ? (
        <ErrorState
          title={`Failed to load schedules: ${schedules.error.message}`}
          onRetry={() => void schedules.refetch()}
          retrying={schedules.isFetching}
        />
      ) : !schedules.isPending && all.length === 0 ? (
        <EmptyState
          title="No schedules configured"
          text={canRun ? 'Add Schedule runs a group at set times.' : undefined}
        />
      ) : (
        <TableOrCards table={table} cards={cards} />
      )}
    </Panel>
  );
};
