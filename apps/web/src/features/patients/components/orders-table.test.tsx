import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { order } from '../testing/fixtures';
import { OrderCards } from './order-cards';
import { OrdersTable } from './orders-table';

describe('OrdersTable', () => {
  beforeEach(() => {
    // Twelve days after the fixture's status_since (02/10/2025).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-02-22T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const shipped = order({
    order_id: 'O-2',
    so_number: 'SO-1002',
    status: 'RCM - Billing',
    status_label: 'Shipped, in billing',
    status_since: null,
    carrier: 'UPS',
    tracking_number: '1Z999AA10123456784',
  });

  it('shows SO#, date, status in plain and ERP words with its days, doctor and the whole tracking number', () => {
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
    expect(
      within(first).getByText('Waiting for the prescription (CMN) from the doctor'),
    ).toBeTruthy();
    expect(within(first).getByText('31 - Awaiting CMN (RX)')).toBeTruthy();
    expect(within(first).getByText('12 days in this status')).toBeTruthy();
    // 'Bartholomew Montgomery-Smythe' is 29 characters; the list shows 20.
    expect(within(first).getByText('Bartholomew Montgom…')).toBeTruthy();
    expect(within(first).getByText('N/A')).toBeTruthy();

    const second = screen.getByRole('row', { name: /SO-1002/ });
    expect(second.getAttribute('aria-current')).toBe('true');
    expect(within(second).getByText('Shipped')).toBeTruthy();
    expect(within(second).getByText('Shipped, in billing')).toBeTruthy();
    expect(within(second).queryByText(/in this status/)).toBeNull();
    const link = within(second).getByRole('link');
    expect(link.textContent).toBe('1Z999AA10123456784 (tracking, opens in a new tab)');
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

describe('OrderCards', () => {
  it('shows each order as a card with its status, days and tracking, and opens it', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-02-11T12:00:00Z') });
    const onSelect = vi.fn();
    render(
      <OrderCards
        orders={[order({ carrier: 'UPS', tracking_number: '1Z999AA10123456784' })]}
        loading={false}
        selectedId="O-1"
        onSelect={onSelect}
      />,
    );
    const card = within(screen.getByRole('list', { name: 'Orders' })).getByRole('listitem');
    expect(card.getAttribute('aria-current')).toBe('true');
    expect(within(card).getByText('1 day in this status')).toBeTruthy();
    expect(within(card).getByRole('link').textContent).toContain('1Z999AA10123456784');
    fireEvent.click(within(card).getByRole('button', { name: 'Order SO-1001' }));
    expect(onSelect).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});
