import { useSyncGroups } from '../api/get-sync-groups';
import { linkButtonClass, panelClass } from '../lib/ui-classes';

/** Data Integrity: per group, Check Integrity opens the integrity page in a new tab. */
export const IntegrityList = () => {
  const groups = useSyncGroups();
  return (
    <section aria-labelledby="integrity-title" className={panelClass}>
      <h2 id="integrity-title" className="mb-3 text-lg font-semibold text-slate-900">
        Data Integrity
      </h2>
      {groups.isPending ? (
        <p className="text-sm text-slate-600">Loading sync groups...</p>
      ) : groups.isError ? (
        <p role="alert" className="text-sm text-red-800">
          Failed to load sync groups: {groups.error.message}
        </p>
      ) : groups.data.groups.length === 0 ? (
        <p className="text-sm text-slate-600">No sync groups configured</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {groups.data.groups.map((group) => (
            <li key={group.id} className="flex items-center justify-between gap-2 py-2">
              <span>{group.name}</span>
              <a
                className={linkButtonClass}
                href={`/data-sync/integrity?group_id=${encodeURIComponent(group.id)}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Check Integrity: ${group.name} (opens in a new tab)`}
              >
                Check Integrity
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
