import type { TDocument, TDocumentType } from '@portal/domain/documents';
import type { TDocumentWithPatient } from './repository';

const patientName = (row: TDocumentWithPatient) => {
  const name = [row.patient_first_name, row.patient_last_name].filter(Boolean).join(' ');
  return name === '' ? null : name;
};

export const presentDocument = (row: TDocumentWithPatient): TDocument => ({
  id: row.id,
  file_name: row.file_name,
  file_type: row.file_type as TDocumentType,
  content_type: row.content_type,
  size: row.size,
  description: row.description,
  uploaded_by: row.uploaded_by,
  order_identifier: row.order_identifier,
  order_number: row.order_number,
  order_key: row.order_id,
  patient_key: row.patient_key,
  patient_name: patientName(row),
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * Content-Disposition for a stored name: an ASCII fallback with quotes, backslashes and
 * anything outside printable ASCII replaced, and the exact name in RFC 5987 form.
 */
export const attachmentDisposition = (fileName: string) => {
  const fallback = fileName.replace(/[^\x20-\x7E]|["\\%;]/g, '_') || 'document';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};
