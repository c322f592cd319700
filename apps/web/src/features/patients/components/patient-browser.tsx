import type { TPatientSummary } from '@portal/domain/patients-api';
import { usePatientBrowser } from '../hooks/use-patient-browser';
import type { TStaffUser } from '../hooks/use-payor-scope';
import { REVEAL_IDS } from '../lib/reveal';
import { DENIED, LinkLoadingPanel, LinkProblemPanel } from './link-state';
import { OrderDetail } from './order-detail';
import { OrdersPanel } from './orders-panel';
import { PatientDetailsModal } from './patient-details-modal';
import { PatientList } from './patient-list';
import { PatientSearchBox } from './patient-search-box';
import { PayorSelect } from './payor-select';

type TPatientBrowserProps = {
  user: TStaffUser;
  /** The dashboard's 'Patient Search' section title; /patient-search has its page heading. */
  titledSearch?: boolean;
};

/** One empty list for every render without data, so the list can tell new rows from old. */
const NO_PATIENTS: readonly TPatientSummary[] = [];

/**
 * Search, patients, their orders and an order's details: the dashboard and /patient-search.
 * From xl (1280 px) the order detail is a side panel that stays in view and scrolls within
 * itself, beside the patients and orders; below that everything stacks and an opened order
 * is scrolled to (docs/decisions.md, "Dashboard layout").
 */
export const PatientBrowser = ({ user, titledSearch = true }: TPatientBrowserProps) => {
  const browser = usePatientBrowser(user);
  const { scope, filters, list, patientState, orderState } = browser;
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
  const patientProblem = browser.denied ? DENIED : patientState.problem;
  const orders = patientProblem ? (
    <LinkProblemPanel
      id={REVEAL_IDS.orders}
      problem={patientProblem}
      what="Patient"
      onRetry={patientState.retry}
    />
  ) : patientState.loading ? (
    <LinkLoadingPanel id={REVEAL_IDS.orders} label="Loading patient..." />
  ) : (
    <OrdersPanel
      patientOrders={browser.orders}
      patient={browser.patient}
      selectedOrderId={browser.order?.order_id}
      onSelectOrder={browser.selectOrder}
    />
  );
  const detail =
    orderState.problem && !patientProblem ? (
      <LinkProblemPanel
        id={REVEAL_IDS.orderDetail}
        problem={orderState.problem}
        what="Order"
        onRetry={orderState.retry}
      />
    ) : orderState.loading && !patientProblem ? (
      <LinkLoadingPanel id={REVEAL_IDS.orderDetail} label="Loading order..." />
    ) : (
      <OrderDetail order={browser.order} patient={browser.patient} />
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
        titled={titledSearch}
      />
      {scope.payorKey === undefined ? (
        patientList
      ) : (
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem] 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="min-w-0 space-y-6">
            {patientList}
            {orders}
          </div>
          <div className="min-w-0 xl:sticky xl:top-4 xl:max-h-[calc(100dvh-2rem)] xl:overflow-y-auto xl:rounded-2xl">
            {detail}
          </div>
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
