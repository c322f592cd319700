import {
  NOTIFICATION_MESSAGES,
  type TNotification,
  type TNotificationListResponse,
} from '@portal/domain/notifications-api';
import { Button } from '../../../components/ui/button';
import { CardList } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { NotificationCard } from './notification-card';

type TProps = {
  data: TNotificationListResponse | undefined;
  /** When the page was read: every card counts its age from it ('2 hours ago'). */
  now: number;
  loading: boolean;
  error: string | undefined;
  onRetry: () => void;
  retrying: boolean;
  unreadOnly: boolean;
  onShowAll: () => void;
  onPageChange: (page: number) => void;
  onOpen: (notification: TNotification) => void;
  onMarkRead: (id: number) => Promise<boolean>;
  pendingId: number | undefined;
};

/**
 * The notifications as cards, one column at every width, and the pager; placeholders while
 * the first page loads, why there are none, or what failed with a Retry.
 */
export const NotificationList = ({ data, now, loading, error, ...props }: TProps) => {
  if (error) {
    return (
      <ErrorState
        title={NOTIFICATION_MESSAGES.loadFailed}
        message={error}
        onRetry={props.onRetry}
        retrying={props.retrying}
      />
    );
  }
  if (!data) {
    return (
      <SkeletonRows rows={4} label="Loading notifications..." rowClassName="h-32 rounded-xl" />
    );
  }
  if (data.notifications.length === 0) {
    return props.unreadOnly ? (
      <EmptyState
        title={NOTIFICATION_MESSAGES.emptyUnread}
        action={<Button onClick={props.onShowAll}>Show all</Button>}
      />
    ) : (
      <EmptyState title={NOTIFICATION_MESSAGES.empty} />
    );
  }
  return (
    <>
      <CardList responsive={false} aria-label="Notifications" aria-busy={loading || undefined}>
        {data.notifications.map((notification) => (
          <NotificationCard
            key={notification.id}
            notification={notification}
            now={now}
            onOpen={props.onOpen}
            onMarkRead={props.onMarkRead}
            marking={props.pendingId === notification.id}
          />
        ))}
      </CardList>
      <Pager
        label="Notifications"
        page={data.pagination.current_page}
        pages={data.pagination.pages}
        onPageChange={props.onPageChange}
        disabled={loading}
      />
    </>
  );
};
