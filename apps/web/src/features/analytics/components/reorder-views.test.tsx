import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TReorderPattern, TReorderResponse } from '@portal/domain/analytics';
import { ReorderOverview } from './reorder-overview';
import { ReorderSchedule } from './reorder-schedule';

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
    due_soon: 0,
    avg_days_between_all_orders: null,
    total_patients: patterns.length,
  },
  reorder_patterns: patterns,
  category_patterns: {},
});

describe('reorder views', () => {
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
    render(
      <MemoryRouter>
        <ReorderOverview data={data(rows, 3)} />
      </MemoryRouter>,
    );
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
    render(
      <MemoryRouter>
        <ReorderOverview data={data([pattern(1, 3, 'due_soon')], 0)} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Action Required')).toBeNull();
  });

  it('schedules the first 20 patients with their columns', () => {
    const rows = Array.from({ length: 25 }, (_, index) => pattern(index, 40, 'scheduled'));
    render(<ReorderSchedule patterns={rows} />);
    const table = screen.getByRole('table', { name: 'Patient Reorder Schedule' });
    const body = within(table).getAllByRole('row').slice(1);
    expect(body).toHaveLength(20);
    expect(
      within(body[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '< 1 day', 'Jan 5, 2025', 'Jan 5, 2025', 'Scheduled']);
  });
});
