import { useEffect, useRef } from 'react';
import { Button } from '../../../../components/ui/button';
import { ErrorState } from '../../../../components/ui/error-state';
import { Modal } from '../../../../components/ui/modal';
import { Panel } from '../../../../components/ui/panel';
import { SkeletonRows } from '../../../../components/ui/skeleton';
import { ApiError } from '../../../../lib/api-client';
import { useOrderLookup } from '../../api/get-order-lookup';
import { OrderDetail } from '../../components/order-detail';
import { apiErrorMessage } from '../../lib/list-error';
import { REVEAL_IDS, focusHeading } from '../../lib/reveal';

type TWorklistOrderPanelProps = {
  soNumber: string;
  /** Beside the list (wide screens) or over it, as a dialog. */
  placement: 'side' | 'sheet';
  onClose: () => void;
  /** Moves focus to the order's heading once it shows (it was opened from a row). */
  focusOnLoad: boolean;
};

/** The order a row opened: its lookup, while it loads, if it fails, and its detail. */
const OrderLookup = ({
  soNumber,
  focusOnLoad,
}: Pick<TWorklistOrderPanelProps, 'soNumber' | 'focusOnLoad'>) => {
  const lookup = useOrderLookup(soNumber);
  const loaded = lookup.data !== undefined;
  const focused = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (loaded && focusOnLoad && focused.current !== soNumber) {
      focused.current = soNumber;
      focusHeading(REVEAL_IDS.orderDetailTitle);
    }
  }, [loaded, focusOnLoad, soNumber]);

  if (lookup.isPending) {
    return (
      <Panel aria-label={`Order ${soNumber}`}>
        <SkeletonRows rows={5} label={`Loading order ${soNumber}…`} />
      </Panel>
    );
  }
  if (lookup.isError) {
    const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;
    return (
      <ErrorState
        title={`Order ${soNumber} could not be opened`}
        message={apiErrorMessage(lookup.error, 'Please try again.')}
        onRetry={notFound ? undefined : () => void lookup.refetch()}
        retrying={lookup.isFetching}
        className="pr-14"
      />
    );
  }
  return <OrderDetail order={lookup.data.order} patient={lookup.data.patient} />;
};

const CloseIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor">
    <path d="M4.3 4.3a1 1 0 0 1 1.4 0L10 8.6l4.3-4.3a1 1 0 1 1 1.4 1.4L11.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4L10 11.4l-4.3 4.3a1 1 0 0 1-1.4-1.4L8.6 10 4.3 5.7a1 1 0 0 1 0-1.4Z" />
  </svg>
);

/**
 * The open order: from 1280 px a panel beside the list that stays in view while the list
 * scrolls; below that a dialog over the list. Both close back to the row that opened them.
 */
export const WorklistOrderPanel = ({
  soNumber,
  placement,
  onClose,
  focusOnLoad,
}: TWorklistOrderPanelProps) => {
  if (placement === 'sheet') {
    return (
      <Modal open title="Order details" size="xl" onOpenChange={(open) => !open && onClose()}>
        {/* The dialog is the card here: the detail's own frame would take a phone's width twice. */}
        <div className="[&>section]:p-0 [&>section]:shadow-none [&>section]:ring-0">
          <OrderLookup soNumber={soNumber} focusOnLoad={false} />
        </div>
      </Modal>
    );
  }
  return (
    // Sticky beside the list: the order stays in view while the list scrolls.
    <div className="relative mt-6 xl:sticky xl:top-4 xl:mt-0 xl:max-h-[calc(100vh-2rem)] xl:overflow-y-auto">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Close order ${soNumber}`}
        title="Close"
        className="absolute top-2 right-2 z-10 [&_svg]:size-5"
        onClick={onClose}
      >
        <CloseIcon />
      </Button>
      <OrderLookup soNumber={soNumber} focusOnLoad={focusOnLoad} />
    </div>
  );
};
