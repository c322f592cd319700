import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCHEDULE, type TSchedule } from '@portal/domain/data-sync-schedule-api';
import { useScreenWidth } from '../../../testing/screen-width';
import { DataSyncContext, type TDataSyncActions } from './data-sync-context';
import { SchedulesTable } from './schedules-table';

const schedule = (id: string, groupName: string): TSchedule => ({
  id,
  group_id: id,
  group_name: groupName,
  schedule: DEFAULT_SCHEDULE,
  enabled: true,
  next_run: null,
  last_run: null,
  last_job_id: null,
  last_result: null,
});

const actions: TDataSyncActions = {
  canRun: true,
  canEdit: true,
  openDialog: () => undefined,
  startSync: () => undefined,
  startingGroup: undefined,
};

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The server: GET answers the list, DELETE one schedule by id; every call is recorded. */
const serve = () => {
  const list = [schedule('s-1', 'Full sync'), schedule('s-2', 'Payors')];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = urlOf(input);
    if (init?.method === 'DELETE') {
      const id = decodeURIComponent(url.split('/').pop()!);
      list.splice(
        list.findIndex((item) => item.id === id),
        1,
      );
      return new Response(JSON.stringify({ success: true, deleted: id, version: 2 }));
    }
    return new Response(JSON.stringify({ success: true, schedules: list, version: 1 }));
  });
};

const calls = (spy: ReturnType<typeof serve>) =>
  spy.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${urlOf(input)}`);

describe('configured schedules: Delete', () => {
  const setWidth = useScreenWidth();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks first, sends nothing on Cancel, then deletes that one schedule by its id', async () => {
    setWidth('wide');
    const fetchSpy = serve();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DataSyncContext.Provider value={actions}>
          <SchedulesTable />
        </DataSyncContext.Provider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Payors' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete schedule?' });
    expect(dialog.textContent).toContain('The schedule of Payors');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls(fetchSpy).filter((call) => !call.startsWith('GET'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete: Payors' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls(fetchSpy).filter((call) => !call.startsWith('GET'))).toEqual([
      'DELETE /api/data-sync/schedules/s-2',
    ]);
    // The list is read again: the other schedule stays.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete: Payors' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Delete: Full sync' })).toBeTruthy();
  });
});
