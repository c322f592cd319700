import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { order } from '../testing/fixtures';
import { OrdersTable } from './orders-table';

describe('OrdersTable', () => {
  const shipped = order({
    order_id: 'O-2',
    so_number: 'SO-1002',
    status: 'RCM - Billing',
    carrier: 'UPS',
    tracking_number: '1Z999AA10123456784',
  });

  it('shows SO#, date, display status, shortened doctor and tracking', () => {
    const onSelect = vi.fn();
    render(
      <OrdersTable
        orders={[order(), shipped]}
        loading={false}
        selectedId="O-2"
        onSelect={onSelect}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['SO#', 'Date', 'Status', 'Doctor', 'Tracking']);

    const first = screen.getByRole('row', { name: /SO-1001/ });
    expect(within(first).getByText('02/03/2025')).toBeTruthy();
    expect(within(first).getByText('Action Required')).toBeTruthy();
    // 'Bartholomew Montgomery-Smythe' is 29 characters; the list shows 20.
    expect(within(first).getByText('Bartholomew Montgom…')).toBeTruthy();
    expect(within(first).getByText('N/A')).toBeTruthy();

    const second = screen.getByRole('row', { name: /SO-1002/ });
    expect(second.getAttribute('aria-current')).toBe('true');
    expect(within(second).getByText('Shipped')).toBeTruthy();
    const link = within(second).getByRole('link');
    expect(link.textContent).toBe('1Z999AA1012… (tracking, opens in a new tab)');
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    fireEvent.click(within(first).getByRole('button', { name: 'Order SO-1001' }));
    expect(onSelect).toHaveBeenCalledWith(order());
  });

  it('marks itself busy while loading', () => {
    render(<OrdersTable orders={[]} loading selectedId={undefined} onSelect={vi.fn()} />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});
