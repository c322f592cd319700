import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TOrderLookupResponse } from '@portal/domain/order-lookup-api';
import type { TOrder, TPatientSummary } from '@portal/domain/patients-api';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { order, patientDetail, patientSummary } from '../testing/fixtures';
import { PatientBrowser } from './patient-browser';

const onList = patientSummary();
const offList = patientSummary({ patient_key: 'PK-9', first_name: 'Ahmed', last_name: 'Adams' });
const shipped = order({
  order_id: 'O-7',
  so_number: 'SO1007',
  status: '44 - Pending POD',
  status_label: 'Shipped, waiting for proof of delivery',
  carrier: 'UPS',
  tracking_number: '1Z999AA10123456784',
});

const listAnswer = (patients: TPatientSummary[], hit?: TOrderLookupResponse) => ({
  success: true,
  message: 'ok',
  patients,
  total: patients.length,
  pages: 1,
  current_page: 1,
  per_page: 15,
  pagination: { total: patients.length, pages: 1, current_page: 1, per_page: 15 },
  order_hit: hit
    ? {
        patient_key: hit.patient.patient_key,
        order_id: hit.order.order_id,
        so_number: hit.order.so_number,
        matched: 'tracking_number',
      }
    : null,
});

const lookupOf = (patient: TPatientSummary, value: TOrder): TOrderLookupResponse => ({
  success: true,
  payor_key: 'PAY-1',
  patient,
  order: value,
  history: [],
});

/** The server as the browser sees it, by path; anything unknown is a 404. */
const serve = (routes: Record<string, unknown>) =>
  vi.spyOn(api, 'get').mockImplementation((url: string) => {
    const path = url.split('?')[0] ?? '';
    const query = new URLSearchParams(url.split('?')[1] ?? '');
    const answer =
      routes[`${path}?${query.get('search') ?? ''}`] ??
      routes[`${path}?view=${query.get('view') ?? ''}`] ??
      routes[path];
    if (answer === undefined) {
      return Promise.reject(new ApiError(404, 'Order not found', { error: 'Order not found' }));
    }
    return Promise.resolve(answer as never);
  });

const ordersAnswer = (orders: TOrder[]) => ({
  success: true,
  orders,
  total: orders.length,
  pages: orders.length > 0 ? 1 : 0,
  current_page: 1,
  per_page: 15,
  view_counts: { all: 1, in_progress: 0, action_items: 0, shipped: 1 },
  all_dates_counts: { all: 1, in_progress: 0, action_items: 0, shipped: 1 },
});

const common = {
  '/api/patients/favorites': { success: true, favorites: [] },
  '/api/so-classifications': { success: true, classifications: [] },
  '/api/patients/payor/PAY-1/patients': listAnswer([onList]),
  '/api/patients/payor/PAY-1/patient/PK-9/orders': {
    success: true,
    orders: [],
    total: 0,
    pages: 0,
    current_page: 1,
    per_page: 15,
    view_counts: { all: 1, in_progress: 0, action_items: 0, shipped: 1 },
    all_dates_counts: { all: 1, in_progress: 0, action_items: 0, shipped: 1 },
  },
  '/api/patients/orders/SO1007/items': { success: true, items: [] },
};

/** The address, where the test can read it. */
const Where = () => <output data-testid="location">{useLocation().search}</output>;
const location = () => screen.getByTestId('location').textContent;

const open = (entry: string) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[entry]}>
        <PatientBrowser user={{ id: 1, role: 'case_manager', payor_key: 'PAY-1' }} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('PatientBrowser and its address', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens a linked order of a patient who is not on the loaded page', async () => {
    serve({
      ...common,
      '/api/patients/payor/PAY-1/patient/PK-9': { success: true, patient: patientDetail(offList) },
      '/api/patients/orders/SO1007': lookupOf(offList, shipped),
    });
    open('/dashboard?payor=PAY-1&patient=PK-9&order=SO1007');
    const heading = await screen.findByRole('heading', { name: 'Order #SO1007' });
    expect(heading).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /^Orders for Ahmed Adams/ })).toBeTruthy();
    expect(screen.getAllByText('Shipped, waiting for proof of delivery').length).toBeGreaterThan(0);
  });

  it("says 'Order not found' for an order outside the user's scope, and shows none of it", async () => {
    serve({
      ...common,
      '/api/patients/payor/PAY-1/patient/PK-9': { success: true, patient: patientDetail(offList) },
    });
    open('/dashboard?patient=PK-9&order=SO-OTHER');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Order not found');
    expect(screen.queryByRole('heading', { name: /^Order #/ })).toBeNull();
  });

  it('shows Access Denied for a link to another payor, without asking for its patient', async () => {
    const get = serve(common);
    open('/dashboard?payor=PAY-2&patient=PK-9&order=SO1007');
    const region = await screen.findByRole('region', { name: 'Patient details' });
    expect(within(region).getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    const asked = get.mock.calls.map(([url]) => url);
    expect(asked.some((url) => url.includes('PK-9') || url.includes('SO1007'))).toBe(false);
  });

  it('opens the order a tracking-number search names, as a new history entry', async () => {
    const lookup = lookupOf(offList, shipped);
    serve({
      ...common,
      '/api/patients/payor/PAY-1/patients?1Z999AA10123456784': listAnswer([offList], lookup),
      '/api/patients/orders/SO1007': lookup,
    });
    open('/dashboard?search=1Z999AA10123456784');
    expect(await screen.findByRole('heading', { name: 'Order #SO1007' })).toBeTruthy();
    await waitFor(() => expect(location()).toContain('order=SO1007'));
    expect(location()).toContain('patient=PK-9');
    expect(location()).toContain('search=1Z999AA10123456784');
  });

  it('drops an order chosen from the list from the address once a view leaves it out', async () => {
    serve({
      ...common,
      '/api/patients/payor/PAY-1/patient/PK-1/orders?view=all': ordersAnswer([shipped]),
      '/api/patients/payor/PAY-1/patient/PK-1/orders?view=action_items': ordersAnswer([]),
      '/api/patients/orders/SO1007': lookupOf(onList, shipped),
    });
    open('/dashboard?patient=PK-1&view=all');
    const orders = await screen.findByRole('table', { name: 'Orders' });
    fireEvent.click(await within(orders).findByRole('button', { name: 'Order SO1007' }));
    expect(await screen.findByRole('heading', { name: 'Order #SO1007' })).toBeTruthy();
    expect(location()).toBe('?patient=PK-1&view=all&payor=PAY-1&order=SO1007');

    fireEvent.click(screen.getByRole('button', { name: /^Action Items/ }));
    expect(await screen.findByText('Select an order to view details')).toBeTruthy();
    expect(location()).toBe('?patient=PK-1&view=action_items&payor=PAY-1');
  });
});
