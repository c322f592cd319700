import { formatLocalDateTime } from '@portal/domain/format';
import type { TDocument } from '@portal/domain/documents';
import { DOCUMENT_TYPE_LABELS, formatBytes } from '@portal/domain/documents-rules';

export { formatBytes };

export const typeLabel = (document: TDocument) => DOCUMENT_TYPE_LABELS[document.file_type];

/** The order a document was filed under, or what the uploader typed (a patient's name). */
export const orderLabel = (document: TDocument) =>
  document.order_number ?? document.order_identifier;

export const formatUploadedAt = (iso: string) =>
  formatLocalDateTime(new Date(iso), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
