import { Button } from '../../../components/ui/button';

/**
 * Under an empty view: the patient's orders are elsewhere (the default view, Action Items,
 * is empty for most patients), with the way to them. Nothing when there are none at all.
 */
export const EmptyViewHint = ({
  total,
  onShowAll,
  inDates = false,
}: {
  total: number;
  onShowAll: () => void;
  /** The total counts only the orders within the chosen dates. */
  inDates?: boolean;
}) =>
  total === 0 ? null : (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600">
        This patient has {total} {total === 1 ? 'order' : 'orders'}
        {inDates ? ' in these dates' : ''}, none in this view.
      </p>
      <Button onClick={onShowAll}>
        {total === 1 ? 'Show the 1 order' : `Show all ${total} orders`}
      </Button>
    </div>
  );
