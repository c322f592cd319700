import { useState, type ReactNode } from 'react';
import type { TOrderPhase } from '@portal/domain/order-progress';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeading } from '../../../components/ui/page-heading';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useOrders } from '../api/get-orders';
import { DataFreshnessLine } from './data-freshness-line';
import { TimelineSection } from './timeline-section';

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

/** One phase's page of the patient's orders, and its page number. */
const usePhaseOrders = (keys: { payorKey: string; patientKey: string }, phase: TOrderPhase) => {
  const [page, setPage] = useState(1);
  const orders = useOrders({ ...keys, page, view: 'all', subStatus: '', phase });
  return { orders, setPage };
};

const TimelineOrders = ({ payorKey, patientKey }: { payorKey: string; patientKey: string }) => {
  const active = usePhaseOrders({ payorKey, patientKey }, 'active');
  const past = usePhaseOrders({ payorKey, patientKey }, 'past');

  if (active.orders.isPending || past.orders.isPending) {
    return (
      <Frame>
        <SkeletonRows rows={3} label={TIMELINE_TEXTS.loading} rowClassName="h-40 rounded-xl" />
      </Frame>
    );
  }
  if (active.orders.isError || past.orders.isError) {
    const failed = [active.orders, past.orders].filter((orders) => orders.isError);
    const error = active.orders.error ?? past.orders.error;
    return (
      <Frame>
        <ErrorState
          title={TIMELINE_TEXTS.loadError}
          message={error?.message}
          onRetry={() => failed.forEach((orders) => void orders.refetch())}
          retrying={failed.some((orders) => orders.isFetching)}
        />
      </Frame>
    );
  }
  const total = active.orders.data.total + past.orders.data.total;
  return (
    <Frame total={total}>
      {total === 0 ? (
        <EmptyState title={TIMELINE_TEXTS.empty} className="bg-white" />
      ) : (
        <>
          <TimelineSection
            phase="active"
            data={active.orders.data}
            busy={active.orders.isPlaceholderData}
            onPageChange={active.setPage}
          />
          <TimelineSection
            phase="past"
            data={past.orders.data}
            busy={past.orders.isPlaceholderData}
            onPageChange={past.setPage}
          />
        </>
      )}
    </Frame>
  );
};

/**
 * A signed-in patient's own orders as a timeline: active orders, then past ones, each newest
 * first, 15 to a page.
 */
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
