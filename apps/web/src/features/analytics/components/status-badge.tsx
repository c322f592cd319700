import { Badge, type TBadgeTone } from '../../../components/ui/badge';

const LABELS: Record<string, string> = {
  overdue: 'Overdue',
  due_soon: 'Due Soon',
  upcoming: 'Upcoming',
  scheduled: 'Scheduled',
};

/** The spec's status colours as the app's badge tones (due soon: amber, as orange is not one). */
const TONES: Record<string, TBadgeTone> = {
  overdue: 'red',
  due_soon: 'amber',
  upcoming: 'blue',
  scheduled: 'green',
};

/** The tone of a reorder status; anything else is grey. */
export const reorderTone = (status: string): TBadgeTone => TONES[status] ?? 'grey';

/** 'other' (or any status the spec does not name) reads 'N/A', grey, not the raw value. */
export const StatusBadge = ({ status }: { status: string }) => (
  <Badge tone={reorderTone(status)}>{LABELS[status] ?? 'N/A'}</Badge>
);
