import { z } from 'zod';
import { DOCUMENT_LIMITS, DOCUMENT_TYPES } from './documents-rules';
import { PAGE_SIZES } from './patients-rules';
import { ZLine, ZText } from './text';

/** The document calls' shapes (staff-tools.md sections 2, 3 and 7); the rules are in documents-rules.ts. */

export * from './documents-rules';

const ZOptionalKey = ZLine().trim().max(64).optional();

/** The multipart text fields of POST /api/documents/upload. */
export const ZUploadFields = z.object({
  order_identifier: ZLine().trim().max(DOCUMENT_LIMITS.maxIdentifierLength).default(''),
  patient_key: ZOptionalKey,
  order_key: ZOptionalKey,
  description: ZText().trim().max(DOCUMENT_LIMITS.maxDescriptionLength).optional(),
  /** Accepted for the spec's sake and ignored: the uploader is the session's user. */
  uploaded_by: z.string().optional(),
});
export type TUploadFields = z.infer<typeof ZUploadFields>;

export const ZDocumentListQuery = z.object({
  patient_key: ZOptionalKey,
  order_key: ZOptionalKey,
  search: ZLine().trim().max(100).optional(),
  type: z.enum(DOCUMENT_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PAGE_SIZES.max).default(20),
});
export type TDocumentListQuery = z.input<typeof ZDocumentListQuery>;

/** A document as the library shows it (section 3), plus the keys it belongs to. */
export const ZDocument = z.object({
  id: z.string(),
  file_name: z.string(),
  file_type: z.enum(DOCUMENT_TYPES),
  content_type: z.string(),
  size: z.number().int(),
  description: z.string().nullable(),
  uploaded_by: z.string(),
  /** What the uploader typed: an SO number or a patient's name. */
  order_identifier: z.string(),
  /** The order it was filed under; null when it was filed by patient name. */
  order_number: z.string().nullable(),
  order_key: z.string().nullable(),
  patient_key: z.string(),
  patient_name: z.string().nullable(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentListResponse = z.object({
  success: z.literal(true),
  documents: z.array(ZDocument),
  current_page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
});
export type TDocumentListResponse = z.infer<typeof ZDocumentListResponse>;

export const ZUploadResponse = z.object({
  success: z.literal(true),
  documents: z.array(ZDocument),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
