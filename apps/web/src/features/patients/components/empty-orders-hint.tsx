import type { TOrderView } from '@portal/domain/order-progress';
import type { TOrderViewCounts } from '@portal/domain/patients-api';
import { Button } from '../../../components/ui/button';
import { EmptyViewHint } from './empty-view-hint';

type TEmptyOrdersHintProps = {
  view: TOrderView;
  /** Each view's count within the chosen dates. */
  counts: TOrderViewCounts;
  /** Each view's count at any date. */
  allDatesCounts: TOrderViewCounts;
  /** Whether a date range is chosen. */
  ranged: boolean;
  onShowAllViews: () => void;
  onShowAllDates: () => void;
};

const ordersText = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

const DatesHint = ({ text, onShowAllDates }: { text: string; onShowAllDates: () => void }) => (
  <div className="flex flex-col items-center gap-2">
    <p className="text-sm text-slate-600">{text}</p>
    <Button onClick={onShowAllDates}>Show orders from all dates</Button>
  </div>
);

/**
 * Under 'No orders found for this patient.': where the patient's orders are instead, with
 * the way to them. This view's orders outside the dates come first, then other views'
 * orders in these dates, then orders at other dates; nothing when there are none at all.
 */
export const EmptyOrdersHint = ({
  view,
  counts,
  allDatesCounts,
  ranged,
  onShowAllViews,
  onShowAllDates,
}: TEmptyOrdersHintProps) => {
  const outside = allDatesCounts[view] - counts[view];
  if (ranged && outside > 0) {
    const verb = outside === 1 ? 'is' : 'are';
    return (
      <DatesHint
        text={`${ordersText(outside)} in this view ${verb} outside these dates.`}
        onShowAllDates={onShowAllDates}
      />
    );
  }
  if (view !== 'all' && counts.all > 0) {
    return <EmptyViewHint total={counts.all} inDates={ranged} onShowAll={onShowAllViews} />;
  }
  if (ranged && allDatesCounts.all > 0) {
    return (
      <DatesHint
        text={`This patient has ${ordersText(allDatesCounts.all)}, none in these dates.`}
        onShowAllDates={onShowAllDates}
      />
    );
  }
  return null;
};
