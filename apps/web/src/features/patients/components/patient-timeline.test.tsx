import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOrder, TOrderListResponse } from '@portal/domain/patients-api';
import { getOrdersQueryOptions } from '../api/get-orders';
import { PatientTimeline, TIMELINE_TEXTS } from './patient-timeline';

const keys = { payorKey: 'PAY-1', patientKey: 'PAT-1' };

const order = (id: string): TOrder => ({
  order_id: id,
  so_number: `SO-${id}`,
  date_created: '2025-01-02',
  status: '11 - Intake Complete',
  delivery_status: null,
  delivery_date: null,
  tracking_number: null,
  carrier: null,
  intake_status: null,
  so_classification_key: null,
  so_classification_name: null,
  doctor: null,
});

/** The first page is cached and never stale, so nothing is fetched. */
const renderTimeline = (page: Omit<TOrderListResponse, 'success' | 'per_page' | 'view_counts'>) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(
    getOrdersQueryOptions({ ...keys, page: 1, view: 'all', subStatus: '' }).queryKey,
    {
      success: true,
      per_page: 15,
      view_counts: { all: page.total, in_progress: 0, action_items: 0, shipped: 0 },
      ...page,
    },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <PatientTimeline {...keys} />
    </QueryClientProvider>,
  );
};

describe('PatientTimeline', () => {
  it('lists the orders as an ordered list with a count, and no pager for one page', () => {
    renderTimeline({ orders: [order('1'), order('2')], current_page: 1, pages: 1, total: 2 });
    expect(screen.getByRole('heading', { name: `${TIMELINE_TEXTS.heading} (2)` })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Orders, newest first' });
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(screen.getAllByRole('progressbar')[0]!.getAttribute('aria-valuetext')).toBe(
      'Step 1 of 4: Order Created',
    );
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).toBeNull();
  });

  it('says so when there are no orders', () => {
    renderTimeline({ orders: [], current_page: 1, pages: 0, total: 0 });
    expect(screen.getByText(TIMELINE_TEXTS.empty)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('tells a patient account without patient keys to contact us', () => {
    render(<PatientTimeline payorKey={null} patientKey="PAT-1" />);
    expect(screen.getByRole('status').textContent).toBe(TIMELINE_TEXTS.notLinked);
  });
});
