import { useCallback, useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { PageHeading } from '../../../components/ui/page-heading';
import { Spinner } from '../../../components/ui/spinner';
import { useTimedNotice } from '../../../lib/use-timed-notice';
import { useNotifications } from '../api/get-notifications';
import { useNotificationsUrl } from '../hooks/use-notifications-url';
import { useOpenOrder } from '../hooks/use-open-order';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationList } from './notification-list';
import { ViewFilter } from './view-filter';

/**
 * /notifications: the signed-in user's notifications, newest first, all or unread only, each
 * leading to its order. Opened as /notifications?open=<id> (a notification mail's link) it
 * marks that one read and goes straight on to its order.
 */
export const NotificationsPage = () => {
  const url = useNotificationsUrl();
  const { show } = url;
  const dropOpenId = useCallback(() => show({}, { replace: true }), [show]);
  const open = useOpenOrder({ openId: url.openId, onOpenFailed: dropOpenId });

  return (
    <>
      <PageHeading title="Notifications" />
      {open.failure && <Alert tone="error">{open.failure}</Alert>}
      {open.opening ? (
        <Spinner label="Opening the order..." />
      ) : (
        <NotificationsContent url={url} open={open} />
      )}
    </>
  );
};

type TContentProps = {
  url: ReturnType<typeof useNotificationsUrl>;
  open: ReturnType<typeof useOpenOrder>;
};

/** The filter, 'Mark all read' and the list: asked for only once no ?open= is on its way. */
const NotificationsContent = ({ url, open }: TContentProps) => {
  const { view, page, show } = url;
  const list = useNotifications({ page, unread: view === 'unread' });
  const { notice, show: showNotice } = useTimedNotice({ keepErrors: true });
  const pages = list.data?.pagination.pages;

  // A page that emptied (the last unread ones were marked read) gives way to the last one left.
  useEffect(() => {
    if (pages !== undefined && !list.isPlaceholderData && page > Math.max(pages, 1)) {
      show({ page: Math.max(pages, 1) }, { replace: true });
    }
  }, [page, pages, list.isPlaceholderData, show]);

  return (
    <div className="max-w-3xl">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <ViewFilter view={view} onChange={(next) => show({ view: next })} />
        <MarkAllReadButton unreadCount={list.data?.unread_count ?? 0} onResult={showNotice} />
      </div>
      <NotificationList
        data={list.data}
        now={list.dataUpdatedAt}
        loading={list.isFetching && list.isPlaceholderData}
        error={list.isError && !list.data ? list.error.message : undefined}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        unreadOnly={view === 'unread'}
        onShowAll={() => show({ view: 'all' })}
        onPageChange={(next) => show({ page: next })}
        onOpen={(notification) => void open.openOrder(notification)}
        onMarkRead={open.markRead}
        pendingId={open.pendingId}
      />
    </div>
  );
};
