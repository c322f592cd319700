import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TReorderPattern, TReorderResponse } from '@portal/domain/analytics';
import { ReorderOverview } from './reorder-overview';
import { ReorderSchedule } from './reorder-schedule';

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const pattern = (index: number, days: number, status: TReorderPattern['reorder_status']) => ({
  patient_key: `PK${index}`,
  patient_id: `P${index}`,
  patient_name: `Pat ${index}`,
  payor_key: 'PY1',
  total_orders: 3,
  avg_days_between_orders: 0.4,
  last_order_date: '2025-01-05',
  predicted_next_order: '2025-01-05',
  days_until_reorder: days,
  reorder_status: status,
  order_categories: ['Ostomy', 'Urology'],
});

const data = (patterns: TReorderPattern[], overdue: number): TReorderResponse => ({
  success: true,
  days: 180,
  period_start: '2024-07-10',
  period_end: '2025-01-05',
  last_synced_at: null,
  min_orders: 2,
  summary: {
    overdue_reorders: overdue,
    due_soon: patterns.filter((row) => row.reorder_status === 'due_soon').length,
    avg_days_between_all_orders: null,
    total_patients: patterns.length,
  },
  reorder_patterns: patterns,
  category_patterns: {},
});

const renderWithQueries = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

/** The reorder call answers the slice it is asked for, out of `all`. */
const answerSlices = (all: TReorderPattern[]) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(urlOf(input), 'http://portal.test');
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    const body = { ...data(all, 0), reorder_patterns: all.slice(offset, offset + limit) };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });

describe('reorder views', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists up to 5 patients needing attention with the spec badges and dashboard links', () => {
    const rows = [
      pattern(1, -3, 'overdue'),
      pattern(2, 0, 'due_soon'),
      pattern(3, 1, 'due_soon'),
      pattern(4, 5, 'due_soon'),
      pattern(5, -1, 'overdue'),
      pattern(6, -2, 'overdue'),
      pattern(7, 20, 'upcoming'),
    ];
    renderWithQueries(<ReorderOverview data={data(rows, 3)} />);
    expect(
      screen.getByText(
        '3 patients are overdue for reorders. Consider reaching out to ensure continuity of care.',
      ),
    ).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Pat 1',
      'Pat 2',
      'Pat 3',
      'Pat 4',
      'Pat 5',
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/dashboard?payor=PY1&patient=PK1&search=P1');
    for (const badge of ['3 days overdue', 'Due today', 'Due tomorrow', 'Due in 5 days']) {
      expect(screen.getByText(badge)).toBeTruthy();
    }
    expect(screen.getAllByText('Last order Jan 5, 2025 · Ostomy, Urology')).toHaveLength(5);
  });

  it('shows no banner when nobody is overdue', () => {
    renderWithQueries(<ReorderOverview data={data([pattern(1, 3, 'due_soon')], 0)} />);
    expect(screen.queryByText('Action Required')).toBeNull();
  });

  it('pages through the patients needing attention, 5 at a time, asking for the next ones', async () => {
    const rows = [
      ...Array.from({ length: 4 }, (_, index) => pattern(index + 1, -9 + index, 'overdue')),
      ...Array.from({ length: 3 }, (_, index) => pattern(index + 5, index, 'due_soon')),
      pattern(8, 20, 'upcoming'),
    ];
    const fetchSpy = answerSlices(rows);
    renderWithQueries(<ReorderOverview data={data(rows, 4)} />);
    expect(screen.getAllByRole('link')).toHaveLength(5);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'Pat 6' });
    // The upcoming patient on that slice is not one needing attention.
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Pat 6', 'Pat 7']);
    expect(urlOf(fetchSpy.mock.calls[0]![0])).toContain('limit=5&offset=5');
    expect(
      screen.getByRole('button', { name: 'Export CSV: patients needing attention' }),
    ).toBeTruthy();
  });

  it('schedules 20 patients a page with their columns, and pages on', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => pattern(index, 40, 'scheduled'));
    answerSlices(rows);
    renderWithQueries(<ReorderSchedule total={rows.length} />);
    const table = screen.getByRole('table', { name: 'Patient Reorder Schedule' });
    await within(table).findByText('Pat 0');
    const body = within(table).getAllByRole('row').slice(1);
    expect(body).toHaveLength(20);
    // On a phone the same rows are cards (the table is hidden there by CSS).
    expect(
      within(screen.getByRole('list', { name: 'Patient Reorder Schedule' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Export CSV: all tracked patients' })).toBeTruthy();
    expect(
      within(body[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '< 1 day', 'Jan 5, 2025', 'Jan 5, 2025', 'Scheduled']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await within(table).findByText('Pat 24');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(5);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });
});
