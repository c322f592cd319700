import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NOTIFICATION_MESSAGES, type TNotification } from '@portal/domain/notifications-api';
import { ApiError } from '../../../lib/api-client';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { isPortalPath } from '../lib/portal-link';

/** 404: none of this user's; 400: no id the server would take. Either way, not found. */
const failureText = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)
    ? NOTIFICATION_MESSAGES.notFound
    : error instanceof Error
      ? error.message
      : NOTIFICATION_MESSAGES.loadFailed;

const isNotificationId = (text: string) => /^[1-9]\d{0,15}$/.test(text);

/**
 * Opening a notification's order: it is marked read (POST …/read) and the app goes where the
 * answer says. `openId` comes from /notifications?open=<id>, the link a notification mail
 * carries: it is opened once, replacing this address in the history. If that fails (404: no
 * such notification of this user's) `failure` says why and `onOpenFailed` drops the id from
 * the address, leaving the list.
 */
export const useOpenOrder = ({
  openId,
  onOpenFailed,
}: {
  openId: string | null;
  onOpenFailed: () => void;
}) => {
  const navigate = useNavigate();
  const mutation = useMarkNotificationRead();
  const { mutateAsync } = mutation;
  const [failure, setFailure] = useState<string>();
  // The id already being opened: React may run the effect twice for one address.
  const opened = useRef<string | null>(null);

  const go = useCallback(
    (link: string, replace: boolean) => {
      if (isPortalPath(link)) {
        void navigate(link, { replace });
      }
    },
    [navigate],
  );

  useEffect(() => {
    if (!openId) {
      opened.current = null;
      return;
    }
    if (opened.current === openId) {
      return;
    }
    opened.current = openId;
    setFailure(undefined);
    const fail = (text: string) => {
      setFailure(text);
      onOpenFailed();
    };
    if (!isNotificationId(openId)) {
      fail(NOTIFICATION_MESSAGES.notFound);
      return;
    }
    mutateAsync(Number(openId)).then(
      ({ link }) => go(link, true),
      (error: unknown) => fail(failureText(error)),
    );
  }, [openId, mutateAsync, go, onOpenFailed]);

  /** A card's 'Open order': an unread one is marked read first; a failed mark still opens it. */
  const openOrder = useCallback(
    async (notification: TNotification) => {
      setFailure(undefined);
      if (notification.read) {
        go(notification.link, false);
        return;
      }
      const link = await mutateAsync(notification.id).then(
        (answer) => answer.link,
        () => notification.link,
      );
      go(link, false);
    },
    [go, mutateAsync],
  );

  /** Marks one read and stays on the list; resolves whether it was marked. */
  const markRead = useCallback(
    (id: number) => {
      setFailure(undefined);
      return mutateAsync(id).then(
        () => true,
        (error: unknown) => {
          setFailure(failureText(error));
          return false;
        },
      );
    },
    [mutateAsync],
  );

  return {
    opening: openId !== null && failure === undefined,
    failure,
    openOrder,
    markRead,
    /** The notification whose mark is on its way, if any. */
    pendingId: mutation.isPending ? mutation.variables : undefined,
  };
};
