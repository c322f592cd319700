import { Button } from '../../../components/ui/button';
import type { TNotificationsView } from '../hooks/use-notifications-url';

const VIEWS: readonly { view: TNotificationsView; label: string }[] = [
  { view: 'all', label: 'All' },
  { view: 'unread', label: 'Unread' },
];

/** All or Unread, as two toggle buttons (the pressed one is the list shown). */
export const ViewFilter = ({
  view,
  onChange,
}: {
  view: TNotificationsView;
  onChange: (view: TNotificationsView) => void;
}) => (
  <div role="group" aria-label="Show" className="flex gap-2">
    {VIEWS.map((option) => (
      <Button
        key={option.view}
        aria-pressed={option.view === view}
        onClick={() => onChange(option.view)}
      >
        {option.label}
      </Button>
    ))}
  </div>
);
