import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSyncJob } from '@portal/domain/data-sync-api';
import { formatDateTime } from '@portal/domain/format';
import { syncJob } from '../../../testing/sync-jobs';
import { DataSyncContext } from './data-sync-context';
import { JobDetailsDialog } from './job-details-dialog';
import { JobHistoryTab } from './job-history-tab';

/** Issue 33: Job History (table and phone cards) and Job Details say how a run read the warehouse. */
const MARK = '2026-11-25 13:02:11.123';
/** The mark in the console's date-and-time form, in the test's time zone. */
const SINCE = `incremental since ${formatDateTime('2026-11-25T13:02:11.123Z')}`;

const incremental = syncJob({
  id: '11111111-2761-4d1c-9b55-5f7c1e0a2b3c',
  name: 'Every 15 minutes',
  sync_mode: 'incremental',
  incremental_since: MARK,
  rows_changed: 1_204,
});
const full = syncJob({
  id: '22222222-2761-4d1c-9b55-5f7c1e0a2b3c',
  name: 'Nightly reload',
  sync_mode: 'full',
  incremental_since: null,
  rows_changed: 184_878,
});
const plain = syncJob({ id: '33333333-2761-4d1c-9b55-5f7c1e0a2b3c', name: 'Payors' });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** The API as the console reads it: the job list, one job, its (empty) logs. */
const answer = (jobs: TSyncJob[], detail?: TSyncJob & { children: TSyncJob[] }) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/logs')) {
      return Promise.resolve(json({ success: true, data: { logs: [] } }));
    }
    if (detail && url.includes(`/jobs/${detail.id}`)) {
      return Promise.resolve(json({ success: true, data: { ...detail, logs: [] } }));
    }
    return Promise.resolve(
      json({ success: true, jobs, current_page: 1, pages: 1, total: jobs.length, per_page: 20 }),
    );
  });

const renderConsole = (node: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <DataSyncContext.Provider
        value={{
          canRun: true,
          canEdit: false,
          openDialog: vi.fn(),
          startSync: vi.fn(),
          startingGroup: undefined,
        }}
      >
        {node}
      </DataSyncContext.Provider>
    </QueryClientProvider>,
  );

describe('incremental runs in the console', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows incremental since the mark or full reload, and rows changed, in the table and on the cards', async () => {
    answer([incremental, full, plain]);
    renderConsole(<JobHistoryTab />);
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows;
    expect(within(first!).getByTestId('job-increment').textContent).toBe(
      `${SINCE} · 1,204 rows changed`,
    );
    expect(within(first!).getByTestId('job-increment').title).toBe(`Warehouse mark ${MARK}`);
    expect(within(second!).getByTestId('job-increment').textContent).toBe(
      'full reload · 184,878 rows changed',
    );
    // A job of a mapping that is not incremental says nothing more; its rows are as before.
    expect(within(third!).queryByTestId('job-increment')).toBeNull();
    expect(within(third!).getByText('184,878')).toBeTruthy();
    // The phone's cards (drawn too where jsdom cannot tell the width) say the same.
    const cards = within(screen.getByRole('list', { name: 'Jobs' }));
    expect(cards.getByText(`${SINCE} · 1,204 rows changed`)).toBeTruthy();
    expect(cards.getByText('full reload · 184,878 rows changed')).toBeTruthy();
  });

  it('lists the mode and rows changed among Job Details, for the run and its mappings', async () => {
    const child = syncJob({
      id: '44444444-2761-4d1c-9b55-5f7c1e0a2b3c',
      type: 'snowpark_dataframe',
      mysql_table: 'orders',
      parent_id: incremental.id,
      sync_mode: 'incremental',
      incremental_since: MARK,
      rows_changed: 1_204,
    });
    answer([], { ...incremental, children: [child] });
    renderConsole(<JobDetailsDialog jobId={incremental.id} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: /^Job Details: Every 15 minutes/ });
    const field = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await within(dialog).findByText('Sync mode')).toBeTruthy();
    expect(field('Sync mode')).toBe(SINCE);
    expect(field('Rows changed')).toBe('1,204');
    expect(field('Rows inserted')).toBe('184,878');
    expect(within(screen.getByTestId('child-job')).getByTestId('job-increment').textContent).toBe(
      `${SINCE} · 1,204 rows changed`,
    );
  });

  it('says full reload in Job Details, and nothing of it for a job that is not incremental', async () => {
    answer([], { ...full, children: [] });
    const { unmount } = renderConsole(<JobDetailsDialog jobId={full.id} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: /^Job Details: Nightly reload/ });
    expect(within(dialog).getByText('full reload')).toBeTruthy();
    expect(within(dialog).getByText('Rows changed')).toBeTruthy();
    unmount();
    vi.restoreAllMocks();
    answer([], { ...plain, children: [] });
    renderConsole(<JobDetailsDialog jobId={plain.id} onClose={vi.fn()} />);
    const other = await screen.findByRole('dialog', { name: /^Job Details: Payors/ });
    expect(within(other).getByText('Rows inserted')).toBeTruthy();
    expect(within(other).queryByText('Sync mode')).toBeNull();
    expect(within(other).queryByText('Rows changed')).toBeNull();
  });
});
