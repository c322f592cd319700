import { formatDays, orderStatusLabel } from '@portal/domain/order-status-labels';
import type { TWorklistRow } from '@portal/domain/worklist-api';
import { Link } from 'react-router';
import { buttonVariants } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { fullName } from '../../lib/patient-display';

/** The attribute a row's open link carries, so closing the order can focus it again. */
export const ORDER_LINK_ATTRIBUTE = 'data-worklist-order';

/** The SO number that opens the order in place, or the order's id when it has none. */
export const OrderLink = ({
  row,
  href,
  onOpen,
  look = 'link',
}: {
  row: TWorklistRow;
  /** A link in a table's cell; a button-sized target on a phone's card. */
  look?: 'link' | 'button';
  /** The worklist's address with this order open. */
  href: string;
  /** Opens the order in place (the link's address serves a new tab or a copied link). */
  onOpen: () => void;
}) => {
  if (!row.so_number) {
    return <span className="font-mono">{row.order_id}</span>;
  }
  return (
    <Link
      to={href}
      preventScrollReset
      {...{ [ORDER_LINK_ATTRIBUTE]: row.so_number }}
      aria-label={`Order ${row.so_number}`}
      className={cn(
        look === 'link' ? buttonVariants({ variant: 'link' }) : buttonVariants({ size: 'sm' }),
        'font-mono font-semibold',
      )}
      onClick={(event) => {
        // A new tab or window follows the link; a plain click opens the order in place.
        if (
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return;
        }
        event.preventDefault();
        onOpen();
      }}
    >
      {row.so_number}
    </Link>
  );
};

/** The patient's name with their ID under it. */
export const PatientCell = ({ row }: { row: TWorklistRow }) => (
  <>
    <span className="block font-medium text-slate-900">{fullName(row.patient)}</span>
    <span className="block text-xs text-slate-600">{row.patient.patient_id ?? 'N/A'}</span>
  </>
);

/** The status in plain words, the ERP's own words under it ('N/A' when there is none). */
export const StatusCell = ({ row }: { row: TWorklistRow }) => {
  const erp = row.status?.trim() ?? '';
  const label = row.status_label ?? orderStatusLabel(erp);
  if (!label) {
    return <span className="text-slate-800">{erp || 'N/A'}</span>;
  }
  return (
    <>
      <span className="block text-slate-900">{label}</span>
      <span className="block text-xs text-slate-600">{erp}</span>
    </>
  );
};

/** '12 days' in status, 'N/A' when the history does not say. */
export const daysText = (row: TWorklistRow) =>
  row.days_in_status === null ? 'N/A' : formatDays(row.days_in_status);

/** The category's name, else its key, else 'N/A'. */
export const categoryText = (row: TWorklistRow) =>
  row.so_classification_name ?? row.so_classification_key ?? 'N/A';
