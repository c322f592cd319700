import {
  ORDER_VIEWS,
  ORDER_VIEW_LABELS,
  SUB_STATUSES,
  type TOrderView,
} from '@portal/domain/order-progress';
import type { TOrderViewCounts } from '@portal/domain/patients-api';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

type TOrderViewFilterProps = {
  view: TOrderView;
  subStatus: string;
  /** Each view's count, once the orders call has answered for this patient. */
  counts?: TOrderViewCounts | undefined;
  onViewChange: (view: TOrderView) => void;
  onSubStatusChange: (subStatus: string) => void;
};

/** The four order views and the chosen view's sub-status (core.md section 2). */
export const OrderViewFilter = ({
  view,
  subStatus,
  counts,
  onViewChange,
  onSubStatusChange,
}: TOrderViewFilterProps) => (
  // Sized by the panel, not the window: the panel is half as wide in the split layout.
  <div className="@container mb-3">
    <div className="flex flex-col gap-3 @3xl:flex-row @3xl:items-end @3xl:justify-between">
      <div role="group" aria-label="Order view" className="flex flex-wrap gap-2">
        {ORDER_VIEWS.map((option) => (
          <Button key={option} aria-pressed={option === view} onClick={() => onViewChange(option)}>
            {/* One flex item, so the button's gap does not part the label from its count. Room
                for a count up to 999 before it arrives: a count that widened the buttons
                would wrap them and move the rows below under a user's click. */}
            <span>
              {ORDER_VIEW_LABELS[option]}
              <span className="inline-block min-w-[6ch] text-left whitespace-pre tabular-nums">
                {counts ? ` (${counts[option]})` : null}
              </span>
            </span>
          </Button>
        ))}
      </div>
      <div className="min-w-56">
        <Label htmlFor="order-sub-status">Sub-status</Label>
        <Select
          id="order-sub-status"
          value={subStatus}
          onChange={(event) => onSubStatusChange(event.target.value)}
        >
          <option value="">All statuses</option>
          {SUB_STATUSES[view].map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Select>
      </div>
    </div>
  </div>
);
