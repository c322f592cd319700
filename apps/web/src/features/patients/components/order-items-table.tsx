import { DISPLAY_LIMITS, truncate } from '@portal/domain/format';
import { DASHBOARD_MESSAGES } from '@portal/domain/patients-rules';
import type { TOrderItem } from '@portal/domain/patients-api';
import { Spinner } from '../../../components/ui/spinner';
import { tableClass, tdClass, thClass } from '../lib/ui-classes';

type TOrderItemsTableProps = {
  items: readonly TOrderItem[] | undefined;
  loading: boolean;
  error: string | undefined;
};

const codes = (item: TOrderItem) =>
  [item.sku, item.hcpcs_code].filter((code) => code?.trim()).join(' / ') || 'N/A';

/** 'Order Items': Item, SKU / HCPCS, Qty; descriptions shortened to 40 characters. */
export const OrderItemsTable = ({ items, loading, error }: TOrderItemsTableProps) => {
  if (loading) {
    return <Spinner label="Loading order items..." />;
  }
  if (error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    );
  }
  if (!items || items.length === 0) {
    return <p className="py-4 text-center text-slate-600">{DASHBOARD_MESSAGES.noItems}</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Order items</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              Item
            </th>
            <th scope="col" className={thClass}>
              SKU / HCPCS
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => {
            const description = item.description?.trim() ?? '';
            return (
              <tr key={item.item_id ?? item.item_key ?? index}>
                <td className={tdClass}>
                  <span className="block font-medium">{item.item_name ?? 'N/A'}</span>
                  {description && (
                    <span
                      className="block text-xs text-slate-600"
                      title={
                        description.length > DISPLAY_LIMITS.itemDescription
                          ? description
                          : undefined
                      }
                    >
                      {truncate(description, DISPLAY_LIMITS.itemDescription)}
                    </span>
                  )}
                </td>
                <td className={`${tdClass} font-mono text-xs`}>{codes(item)}</td>
                <td className={`${tdClass} text-right`}>{item.quantity ?? 'N/A'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};
