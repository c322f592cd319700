import type { TAdminDocHistoryEntry } from '@portal/domain/admin-docs-api';
import { formatTimestamp } from '../lib/display';

type TProps = {
  history: TAdminDocHistoryEntry[];
  /** The version on screen. */
  shown: number;
  onOpen: (version: number) => void;
};

/** Every version, newest first; any of them opens in the view above. */
export const VersionHistory = ({ history, shown, onOpen }: TProps) => (
  <section aria-labelledby="doc-history-title" className="mt-6 border-t border-slate-200 pt-4">
    <h3 id="doc-history-title" className="mb-2 font-semibold text-slate-900">
      Version History
    </h3>
    <ol className="space-y-1">
      {history.map((entry) => (
        <li key={entry.version}>
          <button
            type="button"
            aria-current={entry.version === shown ? 'true' : undefined}
            onClick={() => onOpen(entry.version)}
            className="w-full rounded-lg border border-transparent px-3 py-2 text-left text-sm hover:border-slate-200 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none aria-[current]:border-brand-600/30 aria-[current]:bg-brand-50"
          >
            <span className="font-medium text-slate-900">v{entry.version}</span>
            <span className="text-slate-700">
              {' '}
              · {entry.updated_by} · {formatTimestamp(entry.updated_at)}
            </span>
            {entry.change_notes && (
              <span className="block break-words text-slate-600">{entry.change_notes}</span>
            )}
          </button>
        </li>
      ))}
    </ol>
  </section>
);
