import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '../testing/fixtures';
import { OrderDoctor, OrderShipping } from './order-detail-sections';
import { OrderItemsTable } from './order-items-table';

describe('order detail sections', () => {
  it("shows the doctor's name, NPI, phone link and address with Suite", () => {
    render(<OrderDoctor doctor={order().doctor} />);
    expect(screen.getByText('Bartholomew Montgomery-Smythe')).toBeTruthy();
    expect(screen.getByText('1234567890')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(512) 555-0100' }).getAttribute('href')).toBe(
      'tel:5125550100',
    );
    expect(screen.getByText('100 Congress Ave, Suite 300')).toBeTruthy();
    expect(screen.getByText('Austin, TX 78701')).toBeTruthy();
  });

  it('links the tracking number to the carrier in a new tab', () => {
    render(
      <OrderShipping
        order={order({ carrier: 'FedEx', tracking_number: '7712', delivery_date: '2025-02-10' })}
      />,
    );
    expect(screen.getByText('FedEx')).toBeTruthy();
    const link = screen.getByRole('link', { name: /7712/ });
    expect(link.getAttribute('href')).toBe('https://www.fedex.com/fedextrack/?trknbr=7712');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('02/10/2025')).toBeTruthy();
  });

  it("treats 'No Tracking' as no tracking", () => {
    render(<OrderShipping order={order({ tracking_number: 'No Tracking', carrier: 'UPS' })} />);
    expect(screen.getByText('No tracking information available')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('OrderItemsTable', () => {
  it('lists Item, SKU / HCPCS and Qty with descriptions cut to 40 characters', () => {
    render(
      <OrderItemsTable
        loading={false}
        error={undefined}
        items={[
          {
            item_id: 'I-1',
            item_key: 'K-1',
            item_name: 'CPAP Mask',
            description: 'Full face mask with headgear, medium, silicone cushion',
            sku: 'MSK-200',
            hcpcs_code: 'A7030',
            quantity: 2,
          },
        ]}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Item',
      'SKU / HCPCS',
      'Qty',
    ]);
    expect(screen.getByText('CPAP Mask')).toBeTruthy();
    expect(screen.getByText('Full face mask with headgear, medium, s…')).toBeTruthy();
    expect(screen.getByText('MSK-200 / A7030')).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
  });

  it('says when an order has no items', () => {
    render(<OrderItemsTable loading={false} error={undefined} items={[]} />);
    expect(screen.getByText('No items found for this order.')).toBeTruthy();
  });
});
