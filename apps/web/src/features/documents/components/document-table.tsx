import type { TDocument } from '@portal/domain/documents';
import { SkeletonTableRows } from '../../../components/ui/skeleton';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';
import { formatUploadedAt, orderLabel, typeLabel } from '../lib/display';
import { DocumentActions, type TDocumentActionsProps } from './document-actions';

const COLUMNS = ['File Name', 'Type', 'Description', 'Uploaded By', 'Order', 'Date', 'Actions'];
const LOADING_ROWS = 4;

type TDocumentTableProps = Omit<TDocumentActionsProps, 'document'> & {
  documents: readonly TDocument[];
  loading: boolean;
};

/** The library on wider screens (md and up); phones get DocumentCards instead. */
export const DocumentTable = ({ documents, loading, ...actions }: TDocumentTableProps) => (
  <Table responsive aria-busy={loading}>
    <caption className="sr-only">Documents, newest first</caption>
    <THead>
      <TR>
        {COLUMNS.map((column) => (
          <TH key={column}>{column}</TH>
        ))}
      </TR>
    </THead>
    <TBody>
      {loading && documents.length === 0 ? (
        <SkeletonTableRows columns={COLUMNS} rows={LOADING_ROWS} label="Loading documents" />
      ) : (
        documents.map((document) => (
          <TR key={document.id} data-testid="document-row">
            <TD className="max-w-xs font-medium break-words">{document.file_name}</TD>
            <TD className="whitespace-nowrap">{typeLabel(document)}</TD>
            <TD className="max-w-xs break-words text-slate-600">{document.description ?? ''}</TD>
            <TD>{document.uploaded_by}</TD>
            <TD>
              {orderLabel(document)}
              {document.patient_name && (
                <span className="block text-xs text-slate-600">{document.patient_name}</span>
              )}
            </TD>
            <TD className="whitespace-nowrap">
              <time dateTime={document.created_at}>{formatUploadedAt(document.created_at)}</time>
            </TD>
            <TD>
              <DocumentActions document={document} {...actions} />
            </TD>
          </TR>
        ))
      )}
    </TBody>
  </Table>
);
