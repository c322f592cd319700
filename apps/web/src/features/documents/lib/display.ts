import { formatDateTime } from '@portal/domain/format';
import type { TDocument } from '@portal/domain/documents';
import { DOCUMENT_TYPE_LABELS, formatBytes } from '@portal/domain/documents-rules';

export { formatBytes };

export const typeLabel = (document: TDocument) => DOCUMENT_TYPE_LABELS[document.file_type];

/** The order a document was filed under, or what the uploader typed (a patient's name). */
export const orderLabel = (document: TDocument) =>
  document.order_number ?? document.order_identifier;

/** '11/25/2026, 1:24 PM' in the viewer's time zone (the one date rule). */
export const formatUploadedAt = (iso: string) => formatDateTime(iso);
