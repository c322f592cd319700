import { useState } from 'react';
import type { TDocument } from '@portal/domain/documents';
import {
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  normalizeSearchText,
  type TDocumentType,
} from '@portal/domain/documents-rules';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TableOrCards } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Panel } from '../../../components/ui/panel';
import { Select } from '../../../components/ui/select';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useDeleteDocument } from '../api/delete-document';
import { useDownloadDocument } from '../api/download-document';
import { useDocuments } from '../api/get-documents';
import { useDebounced } from '../hooks/use-debounced';
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
  const query = normalizeSearchText(useDebounced(search));
  const documents = useDocuments({ page, perPage: PAGE_SIZE, search: query, type });
  const download = useDownloadDocument();
  const remove = useDeleteDocument();

  const rows = documents.data?.documents ?? [];
  const loading = documents.isPending || documents.isPlaceholderData;
  const empty = !loading && !documents.isError && rows.length === 0;
  const filtered = Boolean(query) || type !== '';
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
    <Panel aria-labelledby="library-title">
      <h2 id="library-title" className="mb-4 text-lg font-semibold text-slate-900">
        Document Library ({documents.data?.total ?? 0})
      </h2>
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem]">
        <Field label="Search documents">
          {(control) => (
            <Input
              {...control}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
              placeholder="File name, order, description or uploader"
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label="Type">
          {(control) => (
            <Select
              {...control}
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
            </Select>
          )}
        </Field>
      </div>
      {download.error && <Alert tone="error">{download.error.message}</Alert>}
      {remove.isSuccess && !confirming && <Alert tone="success">Document deleted.</Alert>}
      {documents.isError ? (
        <ErrorState
          title={documents.error.message}
          onRetry={() => void documents.refetch()}
          retrying={documents.isFetching}
        />
      ) : empty ? (
        <EmptyState
          title={filtered ? 'No documents match your search' : 'No documents uploaded yet'}
          text={
            filtered
              ? 'Try another file name, order or uploader, or show every type.'
              : 'Files uploaded above are listed here.'
          }
          action={
            filtered ? (
              <Button
                onClick={() => {
                  setSearch('');
                  setType('');
                  setPage(1);
                }}
              >
                Clear search and filter
              </Button>
            ) : undefined
          }
        />
      ) : (
        <TableOrCards
          table={<DocumentTable documents={rows} loading={loading} {...actions} />}
          cards={
            loading && rows.length === 0 ? (
              <SkeletonRows
                rows={4}
                label="Loading documents"
                rowClassName="h-32 rounded-xl"
                className="md:hidden"
              />
            ) : (
              <DocumentCards documents={rows} loading={loading} {...actions} />
            )
          }
        />
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
    </Panel>
  );
};
