import {
  ORDER_VIEWS,
  ORDER_VIEW_LABELS,
  SUB_STATUSES,
  type TOrderView,
} from '@portal/domain/order-progress';
import type { TOrderViewCounts } from '@portal/domain/patients-api';
import { selectClass } from '../lib/ui-classes';

type TOrderViewFilterProps = {
  view: TOrderView;
  subStatus: string;
  /** Each view's count, once the orders call has answered for this patient. */
  counts?: TOrderViewCounts | undefined;
  onViewChange: (view: TOrderView) => void;
  onSubStatusChange: (subStatus: string) => void;
};

const viewButton = (active: boolean) =>
  `rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${
    active ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'
  }`;

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
          <button
            key={option}
            type="button"
            aria-pressed={option === view}
            className={viewButton(option === view)}
            onClick={() => onViewChange(option)}
          >
            {ORDER_VIEW_LABELS[option]}
            {counts ? ` (${counts[option]})` : null}
          </button>
        ))}
      </div>
      <div className="min-w-56">
        <label htmlFor="order-sub-status" className="mb-1 block text-xs font-medium text-slate-700">
          Sub-status
        </label>
        <select
          id="order-sub-status"
          className={selectClass}
          value={subStatus}
          onChange={(event) => onSubStatusChange(event.target.value)}
        >
          <option value="">All statuses</option>
          {SUB_STATUSES[view].map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
    </div>
  </div>
);
