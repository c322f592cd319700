import type { TDocument } from '@portal/domain/documents';
import { CardList, CardListItem } from '../../../components/ui/card-list';
import { formatUploadedAt, orderLabel, typeLabel } from '../lib/display';
import { DocumentActions, type TDocumentActionsProps } from './document-actions';

type TDocumentCardsProps = Omit<TDocumentActionsProps, 'document'> & {
  documents: readonly TDocument[];
  loading: boolean;
};

/** The library on a phone: one card per document. */
export const DocumentCards = ({ documents, loading, ...actions }: TDocumentCardsProps) => (
  <CardList aria-busy={loading} aria-label="Documents">
    {documents.map((document) => (
      <CardListItem key={document.id} className="p-4" data-testid="document-card">
        <p className="font-medium break-words text-slate-900">{document.file_name}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-600">Type</dt>
          <dd>{typeLabel(document)}</dd>
          {document.description && (
            <>
              <dt className="text-slate-600">Description</dt>
              <dd className="break-words">{document.description}</dd>
            </>
          )}
          <dt className="text-slate-600">Uploaded by</dt>
          <dd>{document.uploaded_by}</dd>
          <dt className="text-slate-600">Order</dt>
          <dd>
            {orderLabel(document)}
            {document.patient_name ? ` · ${document.patient_name}` : ''}
          </dd>
          <dt className="text-slate-600">Date</dt>
          <dd>
            <time dateTime={document.created_at}>{formatUploadedAt(document.created_at)}</time>
          </dd>
        </dl>
        <div className="mt-3">
          <DocumentActions document={document} {...actions} />
        </div>
      </CardListItem>
    ))}
  </CardList>
);
