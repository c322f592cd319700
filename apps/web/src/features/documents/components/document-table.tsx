import type { TDocument } from '@portal/domain/documents';
import { formatUploadedAt, orderLabel, typeLabel } from '../lib/display';
import { tableClass, tdClass, thClass } from '../lib/ui-classes';
import { DocumentActions, type TDocumentActionsProps } from './document-actions';

const COLUMNS = ['File Name', 'Type', 'Description', 'Uploaded By', 'Order', 'Date', 'Actions'];
const LOADING_ROWS = 4;

type TDocumentTableProps = Omit<TDocumentActionsProps, 'document'> & {
  documents: readonly TDocument[];
  loading: boolean;
};

/** The library on wider screens (md and up); phones get DocumentCards instead. */
export const DocumentTable = ({ documents, loading, ...actions }: TDocumentTableProps) => (
  <div className="hidden overflow-x-auto md:block">
    <table className={tableClass} aria-busy={loading}>
      <caption className="sr-only">Documents, newest first</caption>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col" className={thClass}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading && documents.length === 0
          ? Array.from({ length: LOADING_ROWS }, (_, index) => (
              <tr key={index}>
                {COLUMNS.map((column) => (
                  <td key={column} className={tdClass}>
                    <span className="block h-4 animate-pulse rounded bg-slate-200" />
                  </td>
                ))}
              </tr>
            ))
          : documents.map((document) => (
              <tr key={document.id} data-testid="document-row">
                <td className={`${tdClass} max-w-xs font-medium break-words`}>
                  {document.file_name}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>{typeLabel(document)}</td>
                <td className={`${tdClass} max-w-xs break-words text-slate-600`}>
                  {document.description ?? ''}
                </td>
                <td className={tdClass}>{document.uploaded_by}</td>
                <td className={tdClass}>
                  {orderLabel(document)}
                  {document.patient_name && (
                    <span className="block text-xs text-slate-600">{document.patient_name}</span>
                  )}
                </td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  <time dateTime={document.created_at}>
                    {formatUploadedAt(document.created_at)}
                  </time>
                </td>
                <td className={tdClass}>
                  <DocumentActions document={document} {...actions} />
                </td>
              </tr>
            ))}
      </tbody>
    </table>
  </div>
);
