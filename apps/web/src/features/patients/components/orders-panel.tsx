import { Suspense } from 'react';
import type { TOrder, TPatientSummary } from '@portal/domain/patients-api';
import { Button } from '../../../components/ui/button';
import { TableOrCards } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { lazyComponent } from '../../../lib/lazy-component';
import { useOrderCategories } from '../api/get-order-categories';
import type { TPatientOrders } from '../hooks/use-patient-orders';
import { apiErrorMessage } from '../lib/list-error';
import { fullName } from '../lib/patient-display';
import { REVEAL_IDS } from '../lib/reveal';
import { hasDateRange } from '../lib/order-date-storage';
import { EmptyOrdersHint } from './empty-orders-hint';
import { OrderDateFilter } from './order-date-filter';
import { OrderViewFilter } from './order-view-filter';
import { OrderCards } from './order-cards';
import { OrdersTable } from './orders-table';

/**
 * The categories' popover (Radix, with its positioning engine) is fetched when the page is
 * idle (app/overlay-preload.ts), not with the dashboard's start; until it is there, its
 * button shows, inert.
 */
export const OrderCategoriesDropdown = lazyComponent(
  () => import('./order-categories-dropdown'),
  (module) => module.OrderCategoriesDropdown,
);

const categoriesLoading = <Button disabled>Order Categories</Button>;

type TOrdersPanelProps = {
  /** The chosen patient's orders in the chosen view (usePatientOrders). */
  patientOrders: TPatientOrders;
  patient: TPatientSummary | undefined;
  selectedOrderId: string | undefined;
  onSelectOrder: (order: TOrder) => void;
};

/**
 * 'Orders for {patient} (total)': views, sub-status, categories (which filter the list:
 * docs/decisions.md), the table or, on a phone, cards, and the pager.
 */
export const OrdersPanel = ({
  patientOrders,
  patient,
  selectedOrderId,
  onSelectOrder,
}: TOrdersPanelProps) => {
  const { filter, dateFilter, page, setPage, orders, loading, viewCounts } = patientOrders;
  const categories = useOrderCategories();

  if (!patient) {
    return (
      <Panel id={REVEAL_IDS.orders} aria-label="Orders">
        <p className="py-8 text-center text-slate-600">Select a patient to view their orders</p>
      </Panel>
    );
  }
  const data = loading ? undefined : orders.data;
  const title = `Orders for ${fullName(patient)}${data ? ` (${data.total})` : ''}`;

  return (
    // min-w-0: a grid item grows to its widest content, and the table scrolls in its own box.
    <Panel id={REVEAL_IDS.orders} aria-labelledby="orders-title" className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="orders-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="flex items-center gap-2">
          <Suspense fallback={categoriesLoading}>
            <OrderCategoriesDropdown
              categories={categories.data ?? []}
              selected={patientOrders.categories}
              onChange={patientOrders.setCategories}
            />
          </Suspense>
          <Button
            aria-label="Refresh orders"
            aria-busy={orders.isFetching}
            onClick={() => void orders.refetch()}
          >
            Refresh
          </Button>
        </div>
      </div>
      <OrderViewFilter
        view={filter.view}
        subStatus={filter.subStatus}
        counts={viewCounts}
        onViewChange={filter.setView}
        onSubStatusChange={filter.setSubStatus}
      />
      <OrderDateFilter dateFilter={dateFilter} />
      {orders.isError && !loading ? (
        <ErrorState
          title="Failed to load orders"
          message={apiErrorMessage(orders.error, 'Please try again.')}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : data?.orders.length === 0 ? (
        <EmptyState
          title="No orders found for this patient."
          action={
            <EmptyOrdersHint
              view={filter.view}
              counts={data.view_counts}
              allDatesCounts={data.all_dates_counts}
              ranged={hasDateRange(dateFilter.dates)}
              onShowAllViews={() => filter.setView('all')}
              onShowAllDates={dateFilter.showAllDates}
            />
          }
        />
      ) : (
        <TableOrCards
          table={
            <OrdersTable
              orders={data?.orders ?? []}
              loading={loading}
              selectedId={selectedOrderId}
              onSelect={onSelectOrder}
            />
          }
          cards={
            <OrderCards
              orders={data?.orders ?? []}
              loading={loading}
              selectedId={selectedOrderId}
              onSelect={onSelectOrder}
            />
          }
        />
      )}
      <Pager label="Orders" page={page} pages={orders.data?.pages ?? 0} onPageChange={setPage} />
    </Panel>
  );
};
