import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSyncGroupWithRun, TSyncJob } from '@portal/domain/data-sync-api';
import { syncJob } from '../../../testing/sync-jobs';
import { DataSyncContext } from './data-sync-context';
import { GroupCard } from './group-card';

const payorsRun = (patch: Partial<TSyncJob> = {}) =>
  syncJob({ name: 'Payors', group_name: 'Payors', group_id: 'payors', ...patch });

const group = (lastJob: TSyncJob | null, mappings = 1): TSyncGroupWithRun => ({
  id: 'payors',
  name: 'Payors',
  description: 'Insurance companies',
  isDefault: true,
  mappings: Array.from({ length: mappings }, () => ({
    mysql_table: 'payors',
    type: 'sql_query' as const,
    query: 'SELECT PAYORKEY AS payor_key FROM PAYORS',
    truncate_first: false,
    use_upsert: false,
    key_columns: [],
  })),
  last_job: lastJob,
});

const renderCard = (value: TSyncGroupWithRun, { canRun = true } = {}) => {
  const actions = { canRun, canEdit: canRun, openDialog: vi.fn(), startSync: vi.fn() };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DataSyncContext.Provider value={{ ...actions, startingGroup: undefined }}>
        <GroupCard group={value} />
      </DataSyncContext.Provider>
    </QueryClientProvider>,
  );
  return actions;
};

const startButton = () => screen.getByRole('button', { name: 'Start Sync: Payors' });

describe('a group card and its run', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says a group never run has not run, with its mapping count in agreement', () => {
    const { startSync } = renderCard(group(null));
    expect(screen.getByText('1 mapping')).toBeTruthy();
    expect(screen.getByTestId('group-run').textContent).toBe('Not run yet');
    fireEvent.click(startButton());
    expect(startSync).toHaveBeenCalledWith('payors');
  });

  it('shows a running group with its own bar, rows and percent; Start Sync waits and says why', () => {
    const running = payorsRun({
      status: 'running',
      progress: 45,
      rows_processed: 1204,
      rows_inserted: 0,
      end_time: null,
      duration_ms: null,
    });
    const { startSync } = renderCard(group(running, 2));
    expect(screen.getByText('2 mappings')).toBeTruthy();
    const run = screen.getByTestId('group-run');
    expect(within(run).getByTestId('job-status').textContent).toBe('running');
    expect(run.textContent).toContain('45% · 1,204\u00a0rows');
    const bar = within(run).getByRole('progressbar', { name: 'Progress of Payors' });
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(bar.firstElementChild?.getAttribute('data-tone')).toBe('blue');
    const start = startButton();
    expect(start.getAttribute('aria-disabled')).toBe('true');
    expect(start.textContent).toBe('Running…');
    const why = document.getElementById(start.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Start Sync is available again when this run ends.');
    fireEvent.click(start);
    expect(startSync).not.toHaveBeenCalled();
    expect(within(run).getByRole('button', { name: 'Cancel Payors' })).toBeTruthy();
  });

  it('shows the last run, its time, rows and duration, until the next', () => {
    renderCard(group(payorsRun({ rows_inserted: 1, duration_ms: 4_000 })));
    const run = screen.getByTestId('group-run');
    expect(within(run).getByTestId('job-status').textContent).toBe('completed');
    expect(run.textContent).toMatch(/Last run \S.* · 1\u00a0row · 4\u00a0s/);
    expect(within(run).queryByRole('progressbar')).toBeNull();
    expect(startButton().getAttribute('aria-disabled')).not.toBe('true');
    expect(startButton().textContent).toBe('Start Sync');
  });

  it.each(['failed', 'partial'] as const)(
    'shows a %s last run in red, not a full blue bar',
    (status) => {
      renderCard(group(payorsRun({ status, progress: 100 })));
      const run = screen.getByTestId('group-run');
      expect(within(run).getByTestId('job-status').textContent).toBe(status);
      expect(within(run).queryByRole('progressbar')).toBeNull();
      const line = within(run).getByText(/^The last run /);
      expect(line.className).toContain('text-red-800');
    },
  );

  it('opens the last run from the card', () => {
    const { openDialog } = renderCard(group(payorsRun()));
    fireEvent.click(screen.getByRole('button', { name: 'Details of the last run of Payors' }));
    expect(openDialog).toHaveBeenCalledWith({ kind: 'details', jobId: payorsRun().id });
  });

  it('says how an incremental group’s last run read the warehouse, and nothing while it runs', () => {
    const incremental = { sync_mode: 'full', incremental_since: null, rows_changed: 1 } as const;
    renderCard(group(payorsRun(incremental)));
    expect(screen.getByTestId('job-increment').textContent).toBe('full reload · 1 row changed');
    cleanup();
    renderCard(group(payorsRun({ ...incremental, status: 'running', end_time: null })));
    expect(screen.queryByTestId('job-increment')).toBeNull();
  });
});
