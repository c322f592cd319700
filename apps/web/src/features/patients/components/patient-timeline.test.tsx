import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
  status_label: null,
  status_since: null,
  ship_date: null,
});

type TPage = Pick<TOrderListResponse, 'orders' | 'current_page' | 'pages' | 'total'>;
const NO_ORDERS: TPage = { orders: [], current_page: 1, pages: 0, total: 0 };

/** Each phase's first page is cached and never stale, so nothing is fetched. */
const renderTimeline = (active: TPage, past: TPage = NO_ORDERS) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const [phase, page] of [
    ['active', active],
    ['past', past],
  ] as const) {
    const counts = { all: page.total, in_progress: 0, action_items: 0, shipped: 0 };
    queryClient.setQueryData(
      getOrdersQueryOptions({ ...keys, page: 1, view: 'all', subStatus: '', phase }).queryKey,
      { success: true, per_page: 15, view_counts: counts, all_dates_counts: counts, ...page },
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <PatientTimeline {...keys} />
    </QueryClientProvider>,
  );
  return queryClient;
};

describe('PatientTimeline', () => {
  it('lists active orders apart from past ones, each an ordered list with a count', () => {
    const delivered = { ...order('3'), tracking_number: '1Z999AA10123456784', carrier: 'UPS' };
    renderTimeline(
      { orders: [order('1'), order('2')], current_page: 1, pages: 1, total: 2 },
      { orders: [delivered], current_page: 1, pages: 3, total: 31 },
    );
    expect(screen.getByRole('heading', { name: `${TIMELINE_TEXTS.heading} (33)` })).toBeTruthy();
    const active = screen.getByRole('list', { name: 'Active orders, newest first' });
    expect(active.tagName).toBe('OL');
    expect(within(active).getAllByRole('article')).toHaveLength(2);
    expect(within(active).getAllByRole('progressbar')[0]!.getAttribute('aria-valuetext')).toBe(
      'Step 1 of 4: Order Created',
    );
    const past = screen.getByRole('region', { name: 'Past orders (31)' });
    expect(within(past).getByRole('heading', { name: 'Order #SO-3' })).toBeTruthy();
    // Each list pages on its own; one page needs no pager.
    expect(screen.queryByRole('navigation', { name: 'Active order pages' })).toBeNull();
    expect(within(past).getByRole('navigation', { name: 'Past order pages' })).toBeTruthy();
  });

  it('pages one list without moving the other', () => {
    const queryClient = renderTimeline(
      { orders: [order('1')], current_page: 1, pages: 1, total: 1 },
      { orders: [order('P1')], current_page: 1, pages: 2, total: 16 },
    );
    const counts = { all: 16, in_progress: 0, action_items: 0, shipped: 0 };
    queryClient.setQueryData(
      getOrdersQueryOptions({ ...keys, page: 2, view: 'all', subStatus: '', phase: 'past' })
        .queryKey,
      {
        success: true,
        per_page: 15,
        view_counts: counts,
        all_dates_counts: counts,
        orders: [order('P16')],
        current_page: 2,
        pages: 2,
        total: 16,
      },
    );
    // jsdom draws nothing, so it has no scrollIntoView; the list scrolls to its heading.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const past = screen.getByRole('region', { name: 'Past orders (16)' });
    fireEvent.click(within(past).getByRole('button', { name: 'Next' }));
    expect(scrollIntoView.mock.contexts).toEqual([
      within(past).getByRole('heading', { name: 'Past orders (16)' }),
    ]);
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    expect(within(past).getByRole('heading', { name: 'Order #SO-P16' })).toBeTruthy();
    expect(within(past).getByText('Page 2 of 2')).toBeTruthy();
    const active = screen.getByRole('region', { name: 'Active orders (1)' });
    expect(within(active).getByRole('heading', { name: 'Order #SO-1' })).toBeTruthy();
  });

  it('says when a phase has none, and once when there are no orders at all', () => {
    renderTimeline({ orders: [order('1')], current_page: 1, pages: 1, total: 1 });
    expect(screen.getByRole('region', { name: 'Past orders (0)' }).textContent).toContain(
      'No past orders.',
    );
    cleanup();
    renderTimeline(NO_ORDERS);
    expect(screen.getByText(TIMELINE_TEXTS.empty)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('region', { name: /orders \(/ })).toBeNull();
  });

  it('tells a patient account without patient keys to contact us', () => {
    render(<PatientTimeline payorKey={null} patientKey="PAT-1" />);
    expect(screen.getByRole('status').textContent).toBe(TIMELINE_TEXTS.notLinked);
  });
});
