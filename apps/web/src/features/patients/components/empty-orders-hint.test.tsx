import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TOrderViewCounts } from '@portal/domain/patients-api';
import { EmptyOrdersHint } from './empty-orders-hint';

const counts = (all: number, actionItems = 0): TOrderViewCounts => ({
  all,
  in_progress: 0,
  action_items: actionItems,
  shipped: all - actionItems,
});

const renderHint = (props: Partial<Parameters<typeof EmptyOrdersHint>[0]> = {}) => {
  const handlers = { onShowAllViews: vi.fn(), onShowAllDates: vi.fn() };
  const view = render(
    <EmptyOrdersHint
      view="action_items"
      counts={counts(0)}
      allDatesCounts={counts(0)}
      ranged
      {...handlers}
      {...props}
    />,
  );
  return { ...handlers, view };
};

describe('EmptyOrdersHint', () => {
  it('first names this view’s orders outside the dates, leading to all dates', () => {
    const { onShowAllDates } = renderHint({ counts: counts(3), allDatesCounts: counts(9, 2) });
    expect(screen.getByText('2 orders in this view are outside these dates.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show orders from all dates' }));
    expect(onShowAllDates).toHaveBeenCalledOnce();
  });

  it('then other views’ orders within the dates', () => {
    const { onShowAllViews } = renderHint({ counts: counts(3), allDatesCounts: counts(9) });
    expect(screen.getByText('This patient has 3 orders in these dates, none in this view.'));
    fireEvent.click(screen.getByRole('button', { name: 'Show all 3 orders' }));
    expect(onShowAllViews).toHaveBeenCalledOnce();
  });

  it('then orders at other dates, and the view’s own hint without a range', () => {
    renderHint({ allDatesCounts: counts(1) });
    expect(screen.getByText('This patient has 1 order, none in these dates.')).toBeTruthy();
    const { view } = renderHint({ ranged: false, counts: counts(4), allDatesCounts: counts(4) });
    expect(view.container.textContent).toContain('This patient has 4 orders, none in this view.');
  });

  it('says nothing when the patient has no orders at all', () => {
    const { view } = renderHint();
    expect(view.container.innerHTML).toBe('');
  });
});
