import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { useOrders } from '../api/get-orders';
import { OrderCard } from './timeline-order-card';
import { DataFreshnessLine } from './data-freshness-line';

export type TPatientTimelineProps = {
  /** The signed-in patient's payor and patient keys (from the session's user). */
  payorKey: string | null;
  patientKey: string | null;
};

export const TIMELINE_TEXTS = {
  heading: 'Your Orders',
  loading: 'Loading your orders...',
  empty: 'No orders found.',
  notLinked: 'Your account is not linked to a patient record yet. Please contact us.',
  loadError: 'Failed to load your orders',
} as const;

const retryClass =
  'mt-2 font-semibold underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:outline-none';

/**
 * The patient's whole dashboard page: its h1, how fresh the data is (for an account with
 * orders to show), then the timeline section.
 */
const Frame = ({
  total,
  linked = true,
  children,
}: {
  total?: number;
  linked?: boolean;
  children: ReactNode;
}) => (
  <>
    <PageHeading title="Dashboard" />
    {linked && <DataFreshnessLine />}
    <section aria-labelledby="patient-timeline-heading" className="max-w-3xl">
      <h2 id="patient-timeline-heading" className="mb-4 text-lg font-semibold text-slate-900">
        {TIMELINE_TEXTS.heading}
        {total === undefined ? null : ` (${total})`}
      </h2>
      {children}
    </section>
  </>
);

const TimelineOrders = ({ payorKey, patientKey }: { payorKey: string; patientKey: string }) => {
  const [page, setPage] = useState(1);
  const orders = useOrders({ payorKey, patientKey, page, view: 'all', subStatus: '' });

  if (orders.isPending) {
    return (
      <Frame>
        <Spinner label={TIMELINE_TEXTS.loading} />
      </Frame>
    );
  }
  if (orders.isError) {
    return (
      <Frame>
        <Alert tone="error">
          <p>
            {TIMELINE_TEXTS.loadError}: {orders.error.message}
          </p>
          <button type="button" className={retryClass} onClick={() => void orders.refetch()}>
            Retry
          </button>
        </Alert>
      </Frame>
    );
  }
  const { orders: list, total, pages, current_page: currentPage } = orders.data;
  return (
    <Frame total={total}>
      {list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-slate-600">
          {TIMELINE_TEXTS.empty}
        </p>
      ) : (
        <ol
          aria-label="Orders, newest first"
          aria-busy={orders.isPlaceholderData}
          className={`relative space-y-4 border-l-2 border-slate-200 pl-4 sm:pl-6 ${orders.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {list.map((order) => (
            <li key={order.order_id} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-5 -left-[1.4rem] size-3 rounded-full border-2 border-white bg-brand-600 sm:-left-[1.9rem]"
              />
              <OrderCard order={order} />
            </li>
          ))}
        </ol>
      )}
      <Pager
        label="Order"
        page={currentPage}
        pages={pages}
        disabled={orders.isPlaceholderData}
        onPageChange={(next) => {
          setPage(next);
          document.getElementById('patient-timeline-heading')?.scrollIntoView();
        }}
      />
    </Frame>
  );
};

/** A signed-in patient's own orders as a timeline, newest first, 15 to a page. */
export const PatientTimeline = ({ payorKey, patientKey }: TPatientTimelineProps) => {
  if (!payorKey || !patientKey) {
    return (
      <Frame linked={false}>
        <Alert tone="info">{TIMELINE_TEXTS.notLinked}</Alert>
      </Frame>
    );
  }
  return (
    <TimelineOrders key={`${payorKey}/${patientKey}`} payorKey={payorKey} patientKey={patientKey} />
  );
};
