import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDataAsOf, type TDataFreshnessResponse } from '@portal/domain/data-freshness';
import { getDataFreshnessQueryOptions } from '../api/get-data-freshness';
import { DataFreshnessLine } from './data-freshness-line';
import { EmptyViewHint } from './empty-view-hint';

const SYNCED = '2026-11-22T14:48:00.000Z';

/** The answer is cached and never stale, so nothing is fetched. */
const renderLine = (answer: Partial<TDataFreshnessResponse>) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(getDataFreshnessQueryOptions().queryKey, {
    success: true,
    orders_synced_at: SYNCED,
    max_age_minutes: 1440,
    scheduled: false,
    stale: false,
    ...answer,
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <DataFreshnessLine />
    </QueryClientProvider>,
  );
};

describe('DataFreshnessLine', () => {
  it('says quietly when the data was synced', () => {
    renderLine({});
    const line = screen.getByText(formatDataAsOf(SYNCED));
    expect(line.className).toContain('text-slate-600');
    expect(screen.queryByText(/Updates may be delayed/)).toBeNull();
  });

  it('warns when the data is older than the schedule allows', () => {
    renderLine({ stale: true });
    const line = screen.getByText(`${formatDataAsOf(SYNCED)} · Updates may be delayed`);
    expect(line.className).toContain('bg-amber-50');
  });

  it('warns when nothing was ever synced', () => {
    renderLine({ orders_synced_at: null, stale: true });
    expect(screen.getByText('Data as of: not synced yet').className).toContain('bg-amber-50');
  });

  it('keeps the line’s place, hidden from screen readers, until the answer arrives', () => {
    // Queries off: the answer never arrives in this test.
    const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <DataFreshnessLine />
      </QueryClientProvider>,
    );
    const placeholder = screen.getByTestId('data-freshness-placeholder');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    // The same box as the quiet and the warning line: the screen below does not move.
    const quiet = renderLine({}).getByText(formatDataAsOf(SYNCED));
    const boxClasses = (element: HTMLElement) =>
      element.className
        .split(' ')
        .filter((name) => /^(-?m[tb]|inline-block|py|text-sm)/.test(name));
    expect(boxClasses(placeholder)).toEqual(boxClasses(quiet));
  });
});

describe('EmptyViewHint', () => {
  it('points from an empty view to all of the patient’s orders', () => {
    const onShowAll = vi.fn();
    render(<EmptyViewHint total={4} onShowAll={onShowAll} />);
    expect(screen.getByText('This patient has 4 orders, none in this view.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 4 orders' }));
    expect(onShowAll).toHaveBeenCalledOnce();
  });

  it('says nothing when the patient has no orders at all', () => {
    const { container } = render(<EmptyViewHint total={0} onShowAll={vi.fn()} />);
    expect(container.textContent).toBe('');
  });
});
