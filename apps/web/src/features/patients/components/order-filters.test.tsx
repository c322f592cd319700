import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUB_STATUSES } from '@portal/domain/order-progress';
import { OrderCategoriesDropdown } from './order-categories-dropdown';
import { OrderViewFilter } from './order-view-filter';

beforeAll(() => {
  // jsdom has no ResizeObserver; the popover's positioning asks for one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('OrderViewFilter', () => {
  it("offers the four views and the chosen view's sub-statuses", () => {
    const onViewChange = vi.fn();
    const onSubStatusChange = vi.fn();
    render(
      <OrderViewFilter
        view="action_items"
        subStatus=""
        onViewChange={onViewChange}
        onSubStatusChange={onSubStatusChange}
      />,
    );
    const views = within(screen.getByRole('group', { name: 'Order view' })).getAllByRole('button');
    expect(views.map((button) => button.textContent)).toEqual([
      'All Orders',
      'Orders In Progress',
      'Action Items',
      'Order Shipped',
    ]);
    expect(views[2]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(views[0]!);
    expect(onViewChange).toHaveBeenCalledWith('all');

    const select = screen.getByLabelText('Sub-status');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['All statuses', ...SUB_STATUSES.action_items]);
    fireEvent.change(select, { target: { value: '33 - Awaiting PAR' } });
    expect(onSubStatusChange).toHaveBeenCalledWith('33 - Awaiting PAR');
  });

  it("shows each view's count on its button once the counts are known", () => {
    render(
      <OrderViewFilter
        view="action_items"
        subStatus=""
        counts={{ all: 4, in_progress: 0, action_items: 0, shipped: 4 }}
        onViewChange={vi.fn()}
        onSubStatusChange={vi.fn()}
      />,
    );
    const views = within(screen.getByRole('group', { name: 'Order view' })).getAllByRole('button');
    expect(views.map((button) => button.textContent)).toEqual([
      'All Orders (4)',
      'Orders In Progress (0)',
      'Action Items (0)',
      'Order Shipped (4)',
    ]);
  });
});

describe('OrderCategoriesDropdown', () => {
  const categories = [
    { id: '1', key: 'CPAP', name: 'CPAP Supplies', description: null },
    { id: '2', key: 'DIAB', name: 'Diabetic', description: null },
  ];

  it('lists categories as checkboxes with a count badge and clear buttons', () => {
    const onChange = vi.fn();
    render(
      <OrderCategoriesDropdown
        categories={categories}
        selected={new Set(['CPAP'])}
        onChange={onChange}
      />,
    );
    const trigger = screen.getByRole('button', { name: /Order Categories/ });
    expect(trigger.textContent).toContain('1');
    fireEvent.click(screen.getByRole('button', { name: 'Clear category filters' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set());

    fireEvent.click(trigger);
    expect(screen.getByText('Filter orders by category')).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'CPAP Supplies' }).getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Diabetic' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set(['CPAP', 'DIAB']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onChange).toHaveBeenLastCalledWith(new Set());
  });
});
