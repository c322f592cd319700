import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_COLOURS,
  chartStatuses,
  dateOfDay,
  dayOf,
  keyInsights,
  periodDays,
  reorderStatusColour,
  reorderStatusOf,
  statusKeywordColour,
  ZReorderExportQuery,
  ZReorderQuery,
} from './analytics';
import { formatDays, formatDaysUntilReorder } from './format';

describe('analytics rules', () => {
  it('sorts reorder statuses by the recorded thresholds', () => {
    expect(reorderStatusOf(-1)).toBe('overdue');
    expect(reorderStatusOf(0)).toBe('due_soon');
    expect(reorderStatusOf(7)).toBe('due_soon');
    expect(reorderStatusOf(8)).toBe('upcoming');
    expect(reorderStatusOf(30)).toBe('upcoming');
    expect(reorderStatusOf(31)).toBe('scheduled');
    expect(reorderStatusOf(null)).toBe('unknown');
  });

  it('colours statuses by keyword and reorder statuses as the spec says', () => {
    expect(statusKeywordColour('Delivered')).toBe('#10b981');
    expect(statusKeywordColour('Order completed')).toBe('#10b981');
    expect(statusKeywordColour('SOS - Shipped')).toBe('#3b82f6');
    expect(statusKeywordColour('In Transit')).toBe('#3b82f6');
    expect(statusKeywordColour('Work in progress')).toBe('#f59e0b');
    expect(statusKeywordColour('Processing')).toBe('#f59e0b');
    expect(statusKeywordColour('44 - Pending POD')).toBe('#ef4444');
    expect(statusKeywordColour('31 - Awaiting CMN (RX)')).toBe('#ef4444');
    expect(statusKeywordColour('20 - Verify Insurance')).toBe('#6b7280');
    expect(reorderStatusColour('overdue')).toBe(ANALYTICS_COLOURS.red);
    expect(reorderStatusColour('scheduled')).toBe(ANALYTICS_COLOURS.green);
    expect(reorderStatusColour('other')).toBe(ANALYTICS_COLOURS.grey);
  });

  it('keeps chart statuses with more than 5 orders, top 10 by count', () => {
    const rows = Array.from({ length: 14 }, (_, index) => ({
      status: `S${String(index).padStart(2, '0')}`,
      order_count: index + 2,
    }));
    const chart = chartStatuses(rows);
    expect(chart).toHaveLength(10);
    expect(chart[0]).toEqual({ status: 'S13', order_count: 15 });
    expect(chartStatuses([{ status: 'five', order_count: 5 }])).toEqual([]);
    expect(chartStatuses([{ status: 'six', order_count: 6 }])).toHaveLength(1);
  });

  it('counts a period of N days ending today in UTC days', () => {
    const today = dayOf(Date.UTC(2025, 0, 31, 23, 59));
    expect(dateOfDay(today)).toBe('2025-01-31');
    const { from, to } = periodDays(today, 30);
    expect(dateOfDay(from)).toBe('2025-01-02');
    expect(to - from + 1).toBe(30);
  });

  it('shows durations and reorder badges in the spec words', () => {
    expect(formatDays(null)).toBe('N/A');
    expect(formatDays(0.4)).toBe('< 1 day');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(2.6)).toBe('3 days');
    expect(formatDaysUntilReorder(-3)).toBe('3 days overdue');
    expect(formatDaysUntilReorder(0)).toBe('Due today');
    expect(formatDaysUntilReorder(1)).toBe('Due tomorrow');
    expect(formatDaysUntilReorder(5)).toBe('Due in 5 days');
    expect(formatDaysUntilReorder(null)).toBe('N/A');
  });

  it('writes the three Key Insights sentences', () => {
    expect(
      keyInsights(
        {
          status_durations: [
            { status: '44 - Pending POD', order_count: 10, avg_days: 2, min_days: 1, max_days: 3 },
            {
              status: '31 - Awaiting CMN (RX)',
              order_count: 30,
              avg_days: 6,
              min_days: 1,
              max_days: 9,
            },
            {
              status: '20 - Verify Insurance',
              order_count: 50,
              avg_days: 1,
              min_days: 0,
              max_days: 2,
            },
          ],
          category_stats: { Ostomy: { avg_days: 4, count: 1 }, Urology: { avg_days: 8, count: 3 } },
        },
        formatDays,
      ),
    ).toEqual([
      'Pending orders average 5 days before processing',
      'Shipped orders take 7 days on average',
      'Most common status: 20 - Verify Insurance (50 orders)',
    ]);
    expect(keyInsights({ status_durations: [], category_stats: {} }, formatDays)).toEqual([
      'Pending orders average N/A before processing',
      'Shipped orders take N/A on average',
      'Most common status: N/A',
    ]);
  });

  it('validates the reorder query with the field named', () => {
    expect(ZReorderQuery.parse({})).toEqual({ days: 180, min_orders: 2, limit: 20, offset: 0 });
    const result = ZReorderQuery.safeParse({ min_orders: '1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['min_orders']);
    expect(ZReorderQuery.safeParse({ offset: '-1' }).error?.issues[0]?.path).toEqual(['offset']);
  });

  it('reads the export query: all patients unless asked for those needing attention', () => {
    expect(ZReorderExportQuery.parse({})).toEqual({ days: 180, min_orders: 2, scope: 'all' });
    expect(ZReorderExportQuery.parse({ scope: 'attention' }).scope).toBe('attention');
    expect(ZReorderExportQuery.safeParse({ scope: 'everyone' }).success).toBe(false);
  });
});
