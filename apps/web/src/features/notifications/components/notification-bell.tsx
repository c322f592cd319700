import { NavLink } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useUnreadCount } from '../api/get-unread-count';
import { badgeText, bellLabel } from '../lib/bell-text';

/**
 * The header's way to /notifications, named with the unread count ('Notifications, 3 unread')
 * and showing it as a badge ('99+' above 99, none at 0). It asks for the count every minute
 * and when the window regains focus. Small on purpose: the signed-in frame carries it, so it
 * brings no part of the notifications page with it.
 */
export const NotificationBell = () => {
  const count = useUnreadCount().data ?? 0;
  const badge = badgeText(count);
  return (
    <Button asChild variant="ghost" size="icon" className="relative mr-1">
      <NavLink to="/notifications" aria-label={bellLabel(count)}>
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5!">
          <path d="M10 2a5 5 0 0 0-5 5v2.59l-.88 1.76A1.5 1.5 0 0 0 5.46 13.5h9.08a1.5 1.5 0 0 0 1.34-2.15L15 9.59V7a5 5 0 0 0-5-5Zm-2.45 13a2.5 2.5 0 0 0 4.9 0h-4.9Z" />
        </svg>
        {badge && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            // From the bell's middle rightwards, so even '99+' leaves the bell visible.
            className="absolute top-1 left-[calc(50%+2px)] min-w-4.5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-4.5 font-semibold text-white"
          >
            {badge}
          </span>
        )}
      </NavLink>
    </Button>
  );
};
