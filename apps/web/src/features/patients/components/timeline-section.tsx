import type { TOrderPhase } from '@portal/domain/order-progress';
import type { TOrderListResponse } from '@portal/domain/patients-api';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { OrderCard } from './timeline-order-card';

export const TIMELINE_SECTION_TEXTS: Record<TOrderPhase, { title: string; empty: string }> = {
  active: { title: 'Active orders', empty: 'No active orders.' },
  past: { title: 'Past orders', empty: 'No past orders.' },
};

type TTimelineSectionProps = {
  phase: TOrderPhase;
  data: TOrderListResponse;
  /** The next page is loading: the shown one dims and the pager waits. */
  busy: boolean;
  onPageChange: (page: number) => void;
};

/** One phase's orders on the patient's timeline, newest first, 15 to a page. */
export const TimelineSection = ({ phase, data, busy, onPageChange }: TTimelineSectionProps) => {
  const { title, empty } = TIMELINE_SECTION_TEXTS[phase];
  const headingId = `timeline-${phase}-heading`;
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <h3 id={headingId} className="mb-3 font-semibold text-slate-900">
        {title} ({data.total})
      </h3>
      {data.orders.length === 0 ? (
        <EmptyState title={empty} className="bg-white py-6" />
      ) : (
        <ol
          aria-label={`${title}, newest first`}
          aria-busy={busy}
          className={`relative space-y-4 border-l-2 border-slate-200 pl-4 sm:pl-6 ${busy ? 'opacity-60' : ''}`}
        >
          {data.orders.map((order) => (
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
        label={phase === 'active' ? 'Active order' : 'Past order'}
        page={data.current_page}
        pages={data.pages}
        disabled={busy}
        onPageChange={(next) => {
          onPageChange(next);
          document.getElementById(headingId)?.scrollIntoView();
        }}
      />
    </section>
  );
};
