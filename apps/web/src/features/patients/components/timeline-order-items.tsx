import { DISPLAY_LIMITS, truncate } from '@portal/domain/format';
import { DASHBOARD_MESSAGES } from '@portal/domain/patients-rules';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useOrderItems } from '../api/get-order-items';

/**
 * The items of one order as the patient sees them: name, description and quantity. SKU and
 * HCPCS codes are the supplier's and the payor's words, for staff (order-items-table.tsx).
 */
export const OrderItems = ({ soNumber, id }: { soNumber: string; id: string }) => {
  const items = useOrderItems(soNumber);
  if (items.isPending) {
    return (
      <div id={id} className="mt-3">
        <SkeletonRows rows={2} label="Loading items..." />
      </div>
    );
  }
  if (items.isError) {
    return (
      <div id={id} className="mt-3">
        <ErrorState
          title="Failed to load the items of this order"
          message={items.error.message}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      </div>
    );
  }
  if (items.data.length === 0) {
    return (
      <p id={id} className="mt-3 text-sm text-slate-600">
        {DASHBOARD_MESSAGES.noItems}
      </p>
    );
  }
  return (
    <ul id={id} className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
      {items.data.map((item, index) => (
        <li
          key={item.item_id ?? item.item_key ?? index}
          className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {item.item_name ?? item.description ?? 'Item'}
            </p>
            {item.description && item.item_name ? (
              <p className="text-slate-600" title={item.description}>
                {truncate(item.description, DISPLAY_LIMITS.itemDescription)}
              </p>
            ) : null}
          </div>
          <p className="shrink-0 text-slate-700">Qty: {item.quantity ?? 'N/A'}</p>
        </li>
      ))}
    </ul>
  );
};
