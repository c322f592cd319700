import type { TAdminDocSummary } from '@portal/domain/admin-docs-api';
import { Spinner } from '../../../components/ui/spinner';
import { formatUpdateDate, secondaryButtonClass } from '../lib/display';
import { DocBadges } from './doc-badges';

type TProps = {
  documents: TAdminDocSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: number | undefined;
  onSelect: (docId: number) => void;
  onRetry: () => void;
};

/** The left list: at most 600 px high, scrolling inside; the open document is marked. */
export const DocList = ({ documents, loading, failed, selectedId, onSelect, onRetry }: TProps) => (
  <section
    aria-labelledby="doc-list-title"
    className="rounded-xl border border-slate-200 bg-white shadow-sm"
  >
    <h2
      id="doc-list-title"
      className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900"
    >
      Documents
    </h2>
    <div className="max-h-[600px] overflow-y-auto" data-testid="doc-list-scroll">
      {loading && (
        <div className="flex justify-center p-6">
          <Spinner label="Loading documentation" />
        </div>
      )}
      {failed && !loading && (
        <div className="p-4 text-sm text-slate-700">
          <p className="mb-2">The documents could not be loaded.</p>
          <button type="button" className={secondaryButtonClass} onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {documents?.length === 0 && (
        <p className="p-4 text-sm text-slate-600">No documentation yet. Create the first one.</p>
      )}
      {documents && documents.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {documents.map((doc) => (
            <li key={doc.doc_id}>
              <button
                type="button"
                aria-current={doc.doc_id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(doc.doc_id)}
                className="block w-full px-4 py-3 text-left hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none focus-visible:ring-inset aria-[current]:bg-brand-50"
              >
                <span className="mb-1 block font-medium break-words text-slate-900">
                  {doc.title}
                </span>
                <DocBadges category={doc.category} isFixed={doc.is_fixed} />
                <span className="mt-1 block text-xs text-slate-600">
                  Updated by {doc.updated_by} • v{doc.version}
                </span>
                <span className="block text-xs text-slate-600">
                  {formatUpdateDate(doc.updated_at)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  </section>
);
