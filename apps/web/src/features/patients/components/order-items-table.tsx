import { DISPLAY_LIMITS, truncate } from '@portal/domain/format';
import { DASHBOARD_MESSAGES } from '@portal/domain/patients-rules';
import type { TOrderItem } from '@portal/domain/patients-api';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonTableRows } from '../../../components/ui/skeleton';
import { TBody, TD, TH, THead, TR, Table } from '../../../components/ui/table';

type TOrderItemsTableProps = {
  items: readonly TOrderItem[] | undefined;
  loading: boolean;
  /** Why the items did not load (the server's words, or what to do). */
  error: string | undefined;
  onRetry?: () => void;
  retrying?: boolean;
};

const COLUMN_COUNT = 3;

const codes = (item: TOrderItem) =>
  [item.sku, item.hcpcs_code].filter((code) => code?.trim()).join(' / ') || 'N/A';

const ItemRow = ({ item }: { item: TOrderItem }) => {
  const description = item.description?.trim() ?? '';
  return (
    <TR>
      <TD>
        <span className="block font-medium">{item.item_name ?? 'N/A'}</span>
        {description && (
          <span
            className="block text-xs text-slate-600"
            title={description.length > DISPLAY_LIMITS.itemDescription ? description : undefined}
          >
            {truncate(description, DISPLAY_LIMITS.itemDescription)}
          </span>
        )}
      </TD>
      <TD className="font-mono text-xs">{codes(item)}</TD>
      <TD numeric>{item.quantity ?? 'N/A'}</TD>
    </TR>
  );
};

/** 'Order Items': Item, SKU / HCPCS, Qty; descriptions shortened to 40 characters. */
export const OrderItemsTable = ({
  items,
  loading,
  error,
  onRetry,
  retrying = false,
}: TOrderItemsTableProps) => {
  if (error) {
    return (
      <ErrorState
        title="Failed to load order items"
        message={error}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  if (!loading && (!items || items.length === 0)) {
    return <EmptyState title={DASHBOARD_MESSAGES.noItems} />;
  }
  return (
    <Table aria-busy={loading}>
      <caption className="sr-only">Order items</caption>
      <THead>
        <TR>
          <TH>Item</TH>
          <TH>SKU / HCPCS</TH>
          <TH numeric>Qty</TH>
        </TR>
      </THead>
      <TBody>
        {loading ? (
          <SkeletonTableRows columns={COLUMN_COUNT} rows={3} label="Loading order items..." />
        ) : (
          items?.map((item, index) => (
            <ItemRow key={item.item_id ?? item.item_key ?? index} item={item} />
          ))
        )}
      </TBody>
    </Table>
  );
};
