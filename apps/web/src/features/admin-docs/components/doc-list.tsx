import type { TAdminDocSummary } from '@portal/domain/admin-docs-api';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Panel } from '../../../components/ui/panel';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { formatUpdateDate } from '../lib/display';
import { DocBadges } from './doc-badges';

type TProps = {
  documents: TAdminDocSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  /** A retry is under way: the Retry button waits. */
  retrying?: boolean;
  selectedId: number | undefined;
  onSelect: (docId: number) => void;
  onRetry: () => void;
};

/** The left list: at most 600 px high, scrolling inside; the open document is marked. */
export const DocList = ({
  documents,
  loading,
  failed,
  retrying = false,
  selectedId,
  onSelect,
  onRetry,
}: TProps) => (
  <Panel aria-labelledby="doc-list-title" className="overflow-hidden p-0 sm:p-0">
    <h2
      id="doc-list-title"
      className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900"
    >
      Documents
    </h2>
    <div className="max-h-[600px] overflow-y-auto" data-testid="doc-list-scroll">
      {loading && (
        <SkeletonRows rows={5} label="Loading documentation" rowClassName="h-16" className="p-4" />
      )}
      {failed && !loading && (
        <ErrorState
          className="m-4"
          title="The documents could not be loaded."
          onRetry={onRetry}
          retrying={retrying}
        />
      )}
      {documents?.length === 0 && (
        <EmptyState
          className="m-4"
          title="No documentation yet"
          text="Choose New Document to write the first one."
        />
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
  </Panel>
);
