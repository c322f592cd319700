import {
  NOTIFICATION_KIND_LABELS,
  type TNotification,
  type TNotificationKind,
} from '@portal/domain/notifications-api';
import type { TBadgeTone } from '../../../components/ui/badge';

/** Each kind in the status colour of what it tells: red acts, blue travels, green is done. */
export const KIND_TONES: Record<TNotificationKind, TBadgeTone> = {
  action_needed: 'red',
  shipped: 'blue',
  delivered: 'green',
  waiting: 'amber',
};

const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** 'Order shipped'; 'Order waiting in one status · more than 14 days' with its threshold. */
export const kindText = ({ kind, days }: Pick<TNotification, 'kind' | 'days'>) =>
  kind === 'waiting' && days !== null
    ? `${NOTIFICATION_KIND_LABELS[kind]} · more than ${dayCount(days)}`
    : NOTIFICATION_KIND_LABELS[kind];

/** 'Order #SO-1234', or the order's id when it has no sales-order number yet. */
export const orderText = ({ so_number, order_id }: Pick<TNotification, 'so_number' | 'order_id'>) =>
  `Order #${so_number ?? order_id}`;
