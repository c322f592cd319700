import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReorderOverview } from './reorder-overview';
import { ReorderSchedule } from './reorder-schedule';
import { StatusDurationPanel } from './status-duration-panel';

const renderWithQueries = (ui: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } })}
    >
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

/** A row the server may send: no dates, no prediction, a status the spec colours grey. */
const unknownRow = {
  patient_key: 'PK1',
  patient_id: 'P1',
  patient_name: 'Pat Unknown',
  payor_key: 'PY1',
  total_orders: 2,
  avg_days_between_orders: 12,
  last_order_date: null,
  predicted_next_order: null,
  days_until_reorder: null,
  reorder_status: 'other',
  order_categories: [],
};

const answer = {
  success: true as const,
  days: 180,
  period_start: '2024-07-10',
  period_end: '2025-01-05',
  last_synced_at: null,
  min_orders: 2,
  summary: {
    overdue_reorders: 1,
    due_soon: 0,
    avg_days_between_all_orders: null,
    total_patients: 1,
  },
  reorder_patterns: [unknownRow],
  category_patterns: {},
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('analytics panels with unknown values and failures', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows a null date and an 'other' status as N/A in grey, never raw JSON", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json(answer));
    renderWithQueries(<ReorderSchedule total={1} />);
    const table = screen.getByRole('table', { name: 'Patient Reorder Schedule' });
    const row = (await within(table).findByText('Pat Unknown')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['2', '12 days', 'N/A', 'N/A', 'N/A']);
    const badge = within(row).getAllByRole('cell').at(-1)!.firstElementChild!;
    expect(badge.className).toContain('bg-slate-100');
    expect(document.body.textContent).not.toContain('{');
  });

  it('reads a row without a prediction in the overview as N/A', () => {
    const overdue = { ...unknownRow, reorder_status: 'overdue', patient_name: 'Pat Overdue' };
    renderWithQueries(<ReorderOverview data={{ ...answer, reorder_patterns: [overdue] }} />);
    expect(screen.getByText('1 patient is overdue for reorders.', { exact: false })).toBeTruthy();
    const item = screen.getByText('Pat Overdue').closest('li')!;
    expect(item.textContent).toContain('Last order N/A');
    expect(within(item).getByText('N/A')).toBeTruthy();
  });

  it("keeps a network failure's own message in the status-duration panel", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithQueries(<StatusDurationPanel />);
    const message = await screen.findByText(/^Error loading analytics:/);
    expect(message.textContent).not.toContain('Failed to fetch status duration data');
    expect(message.textContent).toMatch(/Error loading analytics: \S/);
  });

  it("shows the spec's message when the server refuses the status-duration call", async () => {
    // A fresh answer each time: the call is tried again after a 5xx.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ success: false, error: 'boom', code: 'internal' }, 500),
    );
    renderWithQueries(<StatusDurationPanel />);
    expect(
      await screen.findByText('Error loading analytics: Failed to fetch status duration data'),
    ).toBeTruthy();
  });
});
