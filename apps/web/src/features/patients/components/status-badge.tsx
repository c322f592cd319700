import type { TDisplayStatus } from '@portal/domain/order-progress';
import { Badge, type TBadgeTone } from '../../../components/ui/badge';

const tones: Record<TDisplayStatus, TBadgeTone> = {
  Delivered: 'green',
  Shipped: 'blue',
  'In Progress': 'amber',
  'Action Required': 'red',
  'N/A': 'grey',
};

/** An order's display status as a word in its status colour. */
export const StatusBadge = ({ status }: { status: TDisplayStatus }) => (
  <Badge tone={tones[status]}>{status}</Badge>
);
