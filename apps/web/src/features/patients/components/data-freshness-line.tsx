import { FRESHNESS_TEXTS, formatDataAsOf } from '@portal/domain/data-freshness-rules';
import { useDataFreshness } from '../api/get-data-freshness';

/** Every state of the line takes the same height: the stale one's padding is on all. */
const LINE_CLASS = '-mt-4 mb-6 inline-block py-1 text-sm';

/**
 * One quiet line under a screen's heading: 'Data as of {date and time}' of the orders
 * data's last sync, in a warning style once it is older than the sync schedule allows.
 * An empty line of the same height while it loads or if the call fails (the screen's own
 * data matters more), so the screen below does not move when it arrives.
 */
export const DataFreshnessLine = () => {
  const freshness = useDataFreshness();
  if (!freshness.data) {
    return (
      <p aria-hidden="true" className={LINE_CLASS} data-testid="data-freshness-placeholder">
        {'\u00a0'}
      </p>
    );
  }
  const { orders_synced_at: syncedAt, stale } = freshness.data;
  const text = syncedAt === null ? FRESHNESS_TEXTS.neverSynced : formatDataAsOf(syncedAt);
  if (!stale) {
    return <p className={`${LINE_CLASS} text-slate-600`}>{text}</p>;
  }
  return (
    <p
      className={`${LINE_CLASS} rounded-md bg-amber-50 px-2 font-medium text-amber-900 ring-1 ring-amber-300`}
    >
      {text}
      {syncedAt === null ? null : ` · ${FRESHNESS_TEXTS.late}`}
    </p>
  );
};
