import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTION_REQUIRED_LABEL } from '@portal/domain/order-progress';
import type { TOrder } from '@portal/domain/patients-api';
import { getOrderItemsQueryOptions } from '../api/get-order-items';
import { OrderCard } from './timeline-order-card';

const order: TOrder = {
  order_id: 'O-1',
  so_number: 'SO-1001',
  date_created: '2025-03-07T15:04:05Z',
  status: '40 - Ready To Ship',
  delivery_status: null,
  delivery_date: null,
  tracking_number: null,
  carrier: null,
  intake_status: null,
  so_classification_key: 'CL-RESP',
  so_classification_name: 'Respiratory',
  doctor: null,
  status_label: null,
  status_since: null,
  ship_date: null,
};

const doctorHouse: TOrder['doctor'] = {
  full_name: 'Gregory House',
  first_name: 'Gregory',
  last_name: 'House',
  NPI: null,
  phone: null,
  DOCTORSTREET: null,
  DOCTORSUITE: null,
  DOCTORCITY: null,
  DOCTORSTATE: null,
  DOCTORZIP: null,
};

/** Items are cached and never stale, so expanding a card fetches nothing. */
const renderCard = (value: TOrder) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(getOrderItemsQueryOptions('SO-1001').queryKey, [
    {
      item_id: 'I-1',
      item_key: 'I-1',
      item_name: 'Nasal mask',
      description: 'Nasal CPAP mask with headgear, medium, with a long description',
      sku: 'SKU-9',
      hcpcs_code: 'A7034',
      quantity: 2,
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <OrderCard order={value} />
    </QueryClientProvider>,
  );
};

describe('OrderCard', () => {
  it('shows the SO number, the MM/DD/YYYY created date, the category and the step as text', () => {
    renderCard(order);
    expect(screen.getByRole('heading', { name: 'Order #SO-1001' })).toBeTruthy();
    expect(screen.getByText('03/07/2025')).toBeTruthy();
    expect(screen.getByText('Respiratory')).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Progress of order SO-1001' });
    expect(progress.getAttribute('aria-valuenow')).toBe('2');
    expect(progress.getAttribute('aria-valuemax')).toBe('4');
    expect(progress.getAttribute('aria-valuetext')).toBe('Step 2 of 4: In Progress');
    expect(screen.getByText(/^Status:/).textContent).toBe('Status: In Progress');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('draws a delivered order’s last step done, in the done colour, like the steps before it', () => {
    renderCard({ ...order, tracking_number: '1Z999AA10123456784', carrier: 'UPS' });
    const steps = screen.getByRole('progressbar').querySelectorAll('li');
    expect([...steps].map((step) => step.getAttribute('data-state'))).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    const last = steps[3]!.querySelector('span:not(.absolute)')!;
    expect(last.textContent).toBe('✓');
    expect(last.className).toContain('bg-green-700');
  });

  it('marks the steps before the current one done and the current one as current', () => {
    renderCard(order);
    const steps = screen.getByRole('progressbar').querySelectorAll('li');
    expect([...steps].map((step) => step.getAttribute('data-state'))).toEqual([
      'done',
      'current',
      'next',
      'next',
    ]);
  });

  it('gives the plain reason the status says, naming the doctor for a prescription', () => {
    renderCard({ ...order, status: '31 - Awaiting CMN (RX)', doctor: doctorHouse });
    expect(screen.getByText(/^Status:/).textContent).toBe('Status: In Progress');
    expect(screen.getByText('Waiting for your prescription from Dr. House')).toBeTruthy();
  });

  it('gives no reason where the status has none', () => {
    renderCard({ ...order, status: '46 - Internal Work In Progress' });
    expect(screen.queryByText(/^Waiting|^Getting|^Being/)).toBeNull();
  });

  it('emphasises Action Required while keeping the step', () => {
    renderCard({ ...order, intake_status: 'Pending Patient Contact' });
    expect(screen.getByText(ACTION_REQUIRED_LABEL)).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      'Step 2 of 4: In Progress',
    );
  });

  it('links a real tracking number to the carrier, shortened to 12 characters', () => {
    renderCard({ ...order, tracking_number: '1Z999AA10123456784', carrier: 'UPS' });
    const link = screen.getByRole('link', { name: /Track shipment \(UPS\): 1Z999AA1012…/ });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      'Step 4 of 4: Delivered',
    );
  });

  it("has no tracking link for 'No Tracking'", () => {
    renderCard({ ...order, tracking_number: 'No Tracking', status: 'RCM - Billed' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      'Step 3 of 4: Shipped',
    );
  });

  it('expands to show the items and collapses again', () => {
    renderCard(order);
    const toggle = screen.getByRole('button', { name: 'Show items' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const items = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(items).getByText('Nasal mask')).toBeTruthy();
    expect(within(items).getByText('Nasal CPAP mask with headgear, medium, …')).toBeTruthy();
    expect(within(items).getByText('Qty: 2')).toBeTruthy();
    // SKU and HCPCS codes are for staff, not the patient.
    expect(items.textContent).not.toMatch(/SKU|HCPCS|A7034/);
    fireEvent.click(screen.getByRole('button', { name: 'Hide items' }));
    expect(screen.queryByText('Nasal mask')).toBeNull();
  });
});
