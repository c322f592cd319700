import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TWorklistResponse, TWorklistRow } from '@portal/domain/worklist-api';
import { getOrderCategoriesQueryOptions } from '../../api/get-order-categories';
import { getOrderItemsQueryOptions } from '../../api/get-order-items';
import { getOrderLookupQueryOptions } from '../../api/get-order-lookup';
import { getPayorsQueryOptions } from '../../api/get-payors';
import type { TStaffUser } from '../../hooks/use-payor-scope';
import { order, patientSummary } from '../../testing/fixtures';
import { getWorklistQueryOptions, worklistParams } from '../api/get-worklist';
import { readWorklistState } from '../lib/worklist-url-state';
import { WorklistPage } from './worklist-page';

const row = (overrides: Partial<TWorklistRow> = {}): TWorklistRow => ({
  order_id: 'O-1',
  so_number: 'SO-1001',
  date_created: '2026-10-02T15:04:05Z',
  status: '34 - Awaiting SCA/LOA',
  status_label: 'Waiting for SCA/LOA from the payer',
  intake_status: null,
  status_since: '2026-11-01T00:00:00Z',
  days_in_status: 24,
  tracking_number: null,
  carrier: null,
  delivery_status: null,
  delivery_date: null,
  so_classification_key: 'WOUND',
  so_classification_name: 'Wound Care',
  patient: {
    patient_key: 'PK-1',
    patient_id: 'PID-0001',
    first_name: 'Andrew',
    last_name: 'Adams',
    dob: '1961-04-09',
  },
  ...overrides,
});

const answer = (orders: TWorklistRow[]): TWorklistResponse => ({
  success: true,
  orders,
  view_counts: { all: 40, in_progress: 12, action_items: 9, shipped: 19 },
  current_page: 1,
  pages: 1,
  total: orders.length,
  per_page: 25,
});

const Location = () => <output data-testid="location">{useLocation().search}</output>;
const location = () => screen.getByTestId('location').textContent;

/** The page at an address, its list's answer cached, so nothing is fetched for it. */
const renderAt = (
  search: string,
  orders: TWorklistRow[],
  {
    user = { id: 7, role: 'case_manager', payor_key: 'PAY-1' },
    page = {},
  }: { user?: TStaffUser; page?: Partial<TWorklistResponse> } = {},
) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  const state = readWorklistState(new URLSearchParams(search));
  queryClient.setQueryData(getWorklistQueryOptions(worklistParams('PAY-1', state)).queryKey, {
    ...answer(orders),
    ...page,
  });
  queryClient.setQueryData(getOrderCategoriesQueryOptions().queryKey, [
    { id: '1', key: 'WOUND', name: 'Wound Care', description: null },
    { id: '2', key: 'PUMP', name: 'Breast Pumps', description: null },
  ]);
  queryClient.setQueryData(getOrderLookupQueryOptions('SO-1001').queryKey, {
    success: true,
    payor_key: 'PAY-1',
    patient: patientSummary({ first_name: 'Andrew', last_name: 'Adams' }),
    order: { ...order(), so_number: 'SO-1001', status: '34 - Awaiting SCA/LOA' },
    history: [],
  });
  queryClient.setQueryData(getOrderItemsQueryOptions('SO-1001').queryKey, []);
  queryClient.setQueryData(getPayorsQueryOptions().queryKey, [
    { payor_key: 'PAY-1', company_name: 'Acme Health' },
    { payor_key: 'PAY-2', company_name: 'Blue Plan' },
  ]);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/worklist${search}`]}>
        <WorklistPage user={user} />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

beforeEach(() => {
  // Anything not cached stays on its way: these tests read the screen and its address.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WorklistPage', () => {
  it('lists the orders with the status in plain words, its age and category', () => {
    renderAt('', [row()]);
    expect(screen.getByRole('heading', { level: 1, name: 'Worklist' })).toBeTruthy();
    const views = within(screen.getByRole('group', { name: 'Order view' })).getAllByRole('button');
    expect(views.map((view) => view.textContent)).toContain('Action Items (9)');
    const table = screen.getByRole('table', { name: 'Worklist orders' });
    const line = within(table).getByRole('row', { name: /Andrew Adams/ });
    expect(within(line).getByText('Waiting for SCA/LOA from the payer')).toBeTruthy();
    expect(within(line).getByText('34 - Awaiting SCA/LOA')).toBeTruthy();
    expect(within(line).getByText('24 days')).toBeTruthy();
    expect(within(line).getByText('Wound Care')).toBeTruthy();
    expect(within(line).getByText('10/02/2026')).toBeTruthy();
    const ageHeader = within(table).getByRole('columnheader', { name: /Days in status/ });
    expect(ageHeader.getAttribute('aria-sort')).toBe('descending');
  });

  it('keeps sort, filters and the open order in the address', () => {
    renderAt('', [row()]);
    const table = screen.getByRole('table', { name: 'Worklist orders' });
    fireEvent.click(within(table).getByRole('button', { name: /Patient/ }));
    expect(location()).toBe('?sort=patient');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'WOUND' } });
    expect(location()).toBe('?categories=WOUND&sort=patient');
    fireEvent.change(screen.getByLabelText('Waiting more than'), { target: { value: '7' } });
    expect(location()).toBe('?categories=WOUND&min_days=7&sort=patient');
    const link = screen.getAllByRole('link', { name: 'Order SO-1001' })[0]!;
    expect(link.getAttribute('href')).toBe(
      '/worklist?categories=WOUND&min_days=7&sort=patient&order=SO-1001',
    );
  });

  it('opens a row’s order in place and closes it back to the row', async () => {
    renderAt('', [row()]);
    const link = screen.getAllByRole('link', { name: 'Order SO-1001' })[0]!;
    fireEvent.click(link);
    expect(location()).toBe('?order=SO-1001');
    expect(screen.getByRole('heading', { name: 'Order #SO-1001' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close order SO-1001' }));
    expect(location()).toBe('');
    expect(screen.queryByRole('heading', { name: 'Order #SO-1001' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(link));
  });

  it('offers the filtered rows as CSV', () => {
    renderAt('?view=all&min_days=7', [row()]);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/worklist/payor/PAY-1/orders.csv?view=all&min_days=7&sort=age&dir=desc',
    );
  });

  it('says when nothing matches and clears the filters', () => {
    renderAt('?categories=PUMP&search=zzz', []);
    expect(screen.getByText('No orders match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('');
  });

  it('lets an admin choose the payor, kept in the address; staff get no choice', () => {
    renderAt('?payor=PAY-1&order=SO-1001', [row()], {
      user: { id: 1, role: 'admin', payor_key: null },
    });
    const payor = screen.getByLabelText('Payor');
    expect((payor as HTMLSelectElement).value).toBe('PAY-1');
    fireEvent.change(payor, { target: { value: 'PAY-2' } });
    // Another payor's list: the open order of the first one closes.
    expect(location()).toBe('?payor=PAY-2');
  });

  it('has no payor choice for staff', () => {
    renderAt('', [row()]);
    expect(screen.queryByLabelText('Payor')).toBeNull();
  });

  it('leads back from a page past the end of the list', () => {
    renderAt('?page=9', [], { page: { total: 30, pages: 2, current_page: 9 } });
    expect(screen.getByText('Page 9 is past the end of the list.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 1' }));
    expect(location()).toBe('');
  });
});
