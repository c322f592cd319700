import type { TDisplayStatus } from '@portal/domain/order-progress';

const tones: Record<TDisplayStatus, string> = {
  Delivered: 'bg-green-100 text-green-800',
  Shipped: 'bg-blue-100 text-blue-800',
  'Action Required': 'bg-red-100 text-red-800',
  'In Progress': 'bg-amber-100 text-amber-900',
  'N/A': 'bg-slate-100 text-slate-700',
};

/** An order's display status as a coloured pill. */
export const StatusBadge = ({ status }: { status: TDisplayStatus }) => (
  <span
    className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[status]}`}
  >
    {status}
  </span>
);
