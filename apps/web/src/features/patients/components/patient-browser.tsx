import type { TPatientSummary } from '@portal/domain/patients-api';
import { usePatientBrowser } from '../hooks/use-patient-browser';
import type { TStaffUser } from '../hooks/use-payor-scope';
import { OrderDetail } from './order-detail';
import { OrdersPanel } from './orders-panel';
import { PatientDetailsModal } from './patient-details-modal';
import { PatientList } from './patient-list';
import { PatientSearchBox } from './patient-search-box';
import { PayorSelect } from './payor-select';

type TPatientBrowserProps = {
  user: TStaffUser;
  /** 'stacked': the dashboard's list above orders; 'split': list left, orders right. */
  layout: 'stacked' | 'split';
};

/** One empty list for every render without data, so the list can tell new rows from old. */
const NO_PATIENTS: readonly TPatientSummary[] = [];

/** Search, patients, their orders and an order's items: the dashboard and /patient-search. */
export const PatientBrowser = ({ user, layout }: TPatientBrowserProps) => {
  const browser = usePatientBrowser(user);
  const { scope, filters, list } = browser;
  const patients = list.data?.patients ?? NO_PATIENTS;
  // Until the first page is known the screen keeps its frame (search, 'Patients (0)')
  // with placeholder rows where the patients will be.
  const patientList = (
    <PatientList
      patients={patients}
      total={list.data?.total ?? 0}
      page={filters.page}
      pages={list.data?.pages ?? 0}
      loading={browser.loading}
      error={browser.error}
      onRetry={browser.canRetry ? browser.refresh : undefined}
      retrying={list.isFetching}
      favoritesOnly={filters.favoritesOnly}
      onToggleFavoritesOnly={filters.toggleFavoritesOnly}
      onPageChange={filters.setPage}
      favorites={browser.favorites}
      selectedKey={browser.patient?.patient_key}
      onSelect={browser.selectPatient}
      onDetails={browser.openDetails}
      onToggleFavorite={browser.toggleFavorite}
    />
  );
  const orders = scope.payorKey !== undefined && (
    <div className={layout === 'stacked' ? 'grid gap-6 2xl:grid-cols-2' : 'space-y-6'}>
      <OrdersPanel
        patientOrders={browser.orders}
        patient={browser.patient}
        selectedOrderId={browser.order?.order_id}
        onSelectOrder={browser.selectOrder}
      />
      <OrderDetail order={browser.order} patient={browser.patient} />
    </div>
  );

  return (
    <div className="space-y-6">
      <PayorSelect scope={scope} />
      <PatientSearchBox
        value={filters.input}
        onChange={filters.setInput}
        onClear={filters.clear}
        onRefresh={browser.refresh}
        refreshing={list.isFetching}
      />
      {layout === 'stacked' ? (
        <>
          {patientList}
          {orders}
        </>
      ) : (
        // Side by side only where the seven-column patient table still fits its half.
        <div className="grid items-start gap-6 2xl:grid-cols-[minmax(0,4fr)_minmax(0,3fr)]">
          {patientList}
          {orders}
        </div>
      )}
      {scope.payorKey !== undefined && (
        <PatientDetailsModal
          payorKey={scope.payorKey}
          patient={browser.detailsFor}
          onClose={browser.closeDetails}
        />
      )}
    </div>
  );
};
