import { FRESHNESS_TEXTS, formatDataAsOf } from '@portal/domain/data-freshness';
import { useDataFreshness } from '../api/get-data-freshness';

/**
 * One quiet line under a screen's heading: 'Data as of {date and time}' of the orders
 * data's last sync, in a warning style once it is older than the sync schedule allows.
 * Nothing while it loads or if the call fails: the screen's own data matters more.
 */
export const DataFreshnessLine = () => {
  const freshness = useDataFreshness();
  if (!freshness.data) {
    return null;
  }
  const { orders_synced_at: syncedAt, stale } = freshness.data;
  const text = syncedAt === null ? FRESHNESS_TEXTS.neverSynced : formatDataAsOf(syncedAt);
  if (!stale) {
    return <p className="-mt-4 mb-6 text-sm text-slate-600">{text}</p>;
  }
  return (
    <p className="-mt-4 mb-6 inline-block rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-300">
      {text}
      {syncedAt === null ? null : ` · ${FRESHNESS_TEXTS.late}`}
    </p>
  );
};
