import { staffStatusText } from '@portal/domain/order-status-labels';
import { useRef, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@portal/domain/format';
import type { TNotification } from '@portal/domain/notifications-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardListItem } from '../../../components/ui/card-list';
import { cn } from '../../../lib/cn';
import { KIND_TONES, kindText, orderText } from '../lib/display';
import { formatTimeAgo } from '../lib/time-ago';

type TProps = {
  notification: TNotification;
  /** One moment for the whole list, so every card counts its age from the same time. */
  now: number;
  onOpen: (notification: TNotification) => void;
  /** Resolves whether it was marked. */
  onMarkRead: (id: number) => Promise<boolean>;
  marking: boolean;
};

/** A click that asks for a new tab or window: the browser's own, the mark goes along. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * One notification: what happened (in its status colour), to whose order, when, and the way
 * to the order. An unread one is marked by a dot, bold text and a tint, and offers 'Mark read'.
 */
export const NotificationCard = ({ notification, now, onOpen, onMarkRead, marking }: TProps) => {
  const { id, read, created_at: createdAt, status } = notification;
  const titleId = `notification-${id}-title`;
  const orderId = `notification-${id}-order`;
  const exact = formatDateTime(createdAt);
  const link = useRef<HTMLAnchorElement>(null);

  // 'Mark read' goes once it has worked: the focus moves on to the card's link.
  const markRead = () =>
    void onMarkRead(id).then((marked) => {
      if (marked) {
        link.current?.focus();
      }
    });

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (opensElsewhere(event)) {
      if (!read) {
        void onMarkRead(id);
      }
      return;
    }
    event.preventDefault();
    onOpen(notification);
  };

  return (
    <CardListItem
      data-testid="notification"
      data-unread={read ? undefined : 'true'}
      className={cn('p-4', !read && 'border-brand-600/40 bg-brand-50/60')}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 items-center gap-2">
          {!read && (
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-brand-600" />
          )}
          <Badge tone={KIND_TONES[notification.kind]} className="whitespace-normal">
            {kindText(notification)}
          </Badge>
        </div>
        <p className="text-xs text-slate-600">
          <time dateTime={createdAt} title={exact}>
            {formatTimeAgo(createdAt, now)}
          </time>
          <span className="sr-only"> ({exact})</span>
        </p>
      </div>
      <h2
        id={titleId}
        className={cn('mt-2 text-base text-slate-900', read ? 'font-medium' : 'font-semibold')}
      >
        {!read && <span className="sr-only">Unread: </span>}
        {notification.patient_name}
      </h2>
      <p id={orderId} className="mt-0.5 break-words text-slate-700">
        {orderText(notification)}
        {status && <span className="text-slate-600"> · {staffStatusText(status)}</span>}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild size="sm" variant="primary">
          <Link
            ref={link}
            to={notification.link}
            aria-describedby={`${titleId} ${orderId}`}
            onClick={open}
          >
            Open order
          </Link>
        </Button>
        {!read && (
          <Button
            size="sm"
            aria-describedby={`${titleId} ${orderId}`}
            // aria-disabled, not disabled: the focus stays on the button while it works.
            aria-disabled={marking || undefined}
            onClick={marking ? undefined : markRead}
          >
            {marking ? 'Marking...' : 'Mark read'}
          </Button>
        )}
      </div>
    </CardListItem>
  );
};
