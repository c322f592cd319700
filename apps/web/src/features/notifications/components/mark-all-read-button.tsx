import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { TNotice } from '../../../lib/use-timed-notice';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';

const notifications = (count: number) => `${count} notification${count === 1 ? '' : 's'}`;

type TProps = {
  unreadCount: number;
  /** What came of it, for the screen's banner. */
  onResult: (notice: TNotice) => void;
};

/**
 * 'Mark all read', unavailable while nothing is unread. The marks cannot be put back, so it
 * asks first, saying how many (ux.md). The focus returns to the button after the question.
 */
export const MarkAllReadButton = ({ unreadCount, onResult }: TProps) => {
  const [asking, setAsking] = useState(false);
  const markAll = useMarkAllNotificationsRead();
  const unavailable = unreadCount === 0 || markAll.isPending;

  const confirm = () =>
    markAll.mutate(undefined, {
      onSuccess: ({ updated }) =>
        onResult({ tone: 'success', text: `${notifications(updated)} marked read.` }),
      onError: (error) => onResult({ tone: 'error', text: error.message }),
      onSettled: () => setAsking(false),
    });

  return (
    <>
      <Button
        // aria-disabled, not disabled: the focus can come back here once all are read.
        aria-disabled={unavailable || undefined}
        onClick={unavailable ? undefined : () => setAsking(true)}
      >
        Mark all read
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Mark ${notifications(unreadCount)} read?`}
        message="They stay in the list without their unread mark, which cannot be put back."
        confirmLabel="Mark all read"
        busyLabel="Marking..."
        busy={markAll.isPending}
        tone="primary"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
};
