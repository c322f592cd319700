import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { TOrderLookupResponse } from '@portal/domain/order-lookup-api';
import type { TOrder } from '@portal/domain/patients-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { getOrderItemsQueryOptions } from '../api/get-order-items';
import { getOrderLookupQueryOptions } from '../api/get-order-lookup';
import { order, patientSummary } from '../testing/fixtures';
import { OrderDetail } from './order-detail';

const awaiting = order({
  so_number: 'SO1002999',
  status: '34 - Awaiting SCA/LOA',
  status_label: 'Waiting for SCA/LOA from the payer',
  status_since: '2025-02-10T09:00:00Z',
  intake_status: 'Pending payer approval',
  carrier: 'UPS',
  tracking_number: '1Z999AA10123456784',
  ship_date: '2025-02-12T15:00:00Z',
});

const lookup = (value: TOrder): TOrderLookupResponse => ({
  success: true,
  payor_key: 'PAY-1',
  patient: patientSummary(),
  order: value,
  history: [
    {
      status: '31 - Awaiting CMN (RX)',
      label: 'Waiting for the prescription (CMN) from the doctor',
      entered_at: '2025-02-03T15:04:05Z',
      exited_at: '2025-02-10T09:00:00Z',
      days: 6,
    },
    {
      status: '34 - Awaiting SCA/LOA',
      label: 'Waiting for SCA/LOA from the payer',
      entered_at: '2025-02-10T09:00:00Z',
      exited_at: null,
      days: 12,
    },
  ],
});

const renderDetail = (value: TOrder, answer?: TOrderLookupResponse | Error) => {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  client.setQueryData(getOrderItemsQueryOptions(value.so_number ?? '').queryKey, []);
  const options = getOrderLookupQueryOptions(value.so_number ?? '');
  if (answer instanceof Error) {
    vi.spyOn(api, 'get').mockRejectedValue(answer);
  } else if (answer) {
    client.setQueryData(options.queryKey, answer);
  } else {
    vi.spyOn(api, 'get').mockReturnValue(new Promise(() => undefined));
  }
  render(
    <QueryClientProvider client={client}>
      <OrderDetail order={value} patient={patientSummary()} />
    </QueryClientProvider>,
  );
};

describe('OrderDetail for staff', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-02-22T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens on what blocks the order: plain and ERP words, intake status, days, tracker', () => {
    renderDetail(awaiting, lookup(awaiting));
    const status = screen.getByRole('region', { name: 'Order status' });
    expect(within(status).getByText('Waiting for SCA/LOA from the payer')).toBeTruthy();
    expect(within(status).getByText('34 - Awaiting SCA/LOA')).toBeTruthy();
    expect(within(status).getByText('Pending payer approval')).toBeTruthy();
    expect(within(status).getByText('12 days (since 02/10/2025)')).toBeTruthy();
    const tracker = within(status).getByRole('progressbar', {
      name: 'Progress of order SO1002999',
    });
    expect(tracker.getAttribute('aria-valuetext')).toBe('Step 4 of 4: Delivered');
  });

  it('shows ship date and the whole tracking number with its carrier link and a copy button', () => {
    renderDetail(awaiting, lookup(awaiting));
    expect(screen.getByText('02/12/2025')).toBeTruthy();
    const link = screen.getByRole('link', { name: /1Z999AA10123456784/ });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(screen.getByRole('button', { name: 'Copy tracking number' })).toBeTruthy();
  });

  it('lists the status history newest first, dated, with days', () => {
    renderDetail(awaiting, lookup(awaiting));
    const entries = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole(
      'listitem',
    );
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Waiting for SCA/LOA from the payer(current)34 - Awaiting SCA/LOAEntered 02/10/2025 · 12 days',
      'Waiting for the prescription (CMN) from the doctor31 - Awaiting CMN (RX)Entered 02/03/2025 · Left 02/10/2025 · 6 days',
    ]);
  });

  it('says the history is loading', () => {
    renderDetail(awaiting);
    expect(screen.getByText('Loading status history...')).toBeTruthy();
  });

  it('shows a failed history with the server’s words and a Retry', async () => {
    renderDetail(awaiting, new ApiError(404, 'Order not found'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load status history');
    expect(alert.textContent).toContain('Order not found');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
