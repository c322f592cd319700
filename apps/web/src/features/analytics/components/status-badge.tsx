const LABELS: Record<string, string> = {
  overdue: 'Overdue',
  due_soon: 'Due Soon',
  upcoming: 'Upcoming',
  scheduled: 'Scheduled',
};

// The spec's status colours (red, orange, blue, green, grey) as light badges with dark text.
const TONES: Record<string, string> = {
  overdue: 'bg-red-100 text-red-800',
  due_soon: 'bg-orange-100 text-orange-800',
  upcoming: 'bg-blue-100 text-blue-800',
  scheduled: 'bg-green-100 text-green-800',
};

export const StatusBadge = ({ status }: { status: string }) => (
  <span
    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status] ?? 'bg-slate-100 text-slate-700'}`}
  >
    {LABELS[status] ?? status}
  </span>
);
