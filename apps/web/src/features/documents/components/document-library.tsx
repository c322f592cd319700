import { useId, useState } from 'react';
import type { TDocument } from '@portal/domain/documents';
import {
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  normalizeSearchText,
  type TDocumentType,
} from '@portal/domain/documents-rules';
import { Alert } from '../../../components/ui/alert';
import { Pager } from '../../../components/ui/pager';
import { inputClass, labelClass } from '../../../components/ui/styles';
import { useWideScreen } from '../../../lib/use-wide-screen';
import { useDeleteDocument } from '../api/delete-document';
import { useDownloadDocument } from '../api/download-document';
import { useDocuments } from '../api/get-documents';
import { useDebounced } from '../hooks/use-debounced';
import { panelClass, selectClass } from '../lib/ui-classes';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentCards } from './document-cards';
import { DocumentTable } from './document-table';

const PAGE_SIZE = 20;

/** The Document Library: search, type filter, the documents as a table or cards, paging. */
export const DocumentLibrary = ({ canDelete }: { canDelete: boolean }) => {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TDocumentType | ''>('');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<TDocument>();
  const searchId = useId();
  const typeId = useId();
  const query = normalizeSearchText(useDebounced(search));
  const documents = useDocuments({ page, perPage: PAGE_SIZE, search: query, type });
  const download = useDownloadDocument();
  const remove = useDeleteDocument();

  const rows = documents.data?.documents ?? [];
  const loading = documents.isPending || documents.isPlaceholderData;
  const empty = !loading && !documents.isError && rows.length === 0;
  const wide = useWideScreen();
  const actions = {
    onDownload: (document: TDocument) => download.mutate(document),
    onDelete: canDelete
      ? (document: TDocument) => {
          remove.reset();
          setConfirming(document);
        }
      : undefined,
    downloading: download.isPending,
  };

  return (
    <section aria-labelledby="library-title" className={panelClass}>
      <h2 id="library-title" className="mb-4 text-lg font-semibold text-slate-900">
        Document Library ({documents.data?.total ?? 0})
      </h2>
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div>
          <label htmlFor={searchId} className={labelClass}>
            Search documents
          </label>
          <input
            id={searchId}
            type="search"
            className={inputClass}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            placeholder="File name, order, description or uploader"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div>
          <label htmlFor={typeId} className={labelClass}>
            Type
          </label>
          <select
            id={typeId}
            className={selectClass}
            value={type}
            onChange={(event) => {
              setType(event.target.value as TDocumentType | '');
              setPage(1);
            }}
          >
            <option value="">All types</option>
            {DOCUMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {DOCUMENT_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {download.error && <Alert tone="error">{download.error.message}</Alert>}
      {remove.isSuccess && !confirming && <Alert tone="success">Document deleted.</Alert>}
      {documents.isError ? (
        <Alert tone="error">{documents.error.message}</Alert>
      ) : empty ? (
        <p className="py-8 text-center text-slate-600">
          {query || type ? 'No documents match your search' : 'No documents uploaded yet'}
        </p>
      ) : (
        <>
          {loading && rows.length === 0 && (
            <p className="sr-only" role="status">
              Loading documents
            </p>
          )}
          {wide !== false && <DocumentTable documents={rows} loading={loading} {...actions} />}
          {wide !== true && <DocumentCards documents={rows} loading={loading} {...actions} />}
        </>
      )}
      {documents.data && (
        <Pager
          label="Documents"
          page={documents.data.current_page}
          pages={documents.data.pages}
          onPageChange={setPage}
          disabled={loading}
        />
      )}
      <DeleteDocumentDialog
        document={confirming}
        deleting={remove.isPending}
        error={remove.error?.message}
        onClose={() => setConfirming(undefined)}
        onConfirm={(document) =>
          remove.mutate(document.id, { onSuccess: () => setConfirming(undefined) })
        }
      />
    </section>
  );
};
