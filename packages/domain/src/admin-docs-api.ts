import { z } from 'zod';
import { ZLine, ZText } from './text';

/**
 * Admin documentation (staff-tools.md sections 2-9, issue 14): a versioned knowledge area
 * for admins. The calls' shapes, the categories and the rules the form and the server share.
 */

export const ADMIN_DOC_CATEGORIES = [
  'meeting_notes',
  'troubleshooting',
  'features',
  'api',
] as const;
export type TAdminDocCategory = (typeof ADMIN_DOC_CATEGORIES)[number];
export const DEFAULT_ADMIN_DOC_CATEGORY: TAdminDocCategory = 'meeting_notes';

export const ADMIN_DOC_CATEGORY_LABELS: Record<TAdminDocCategory, string> = {
  meeting_notes: 'Meeting Notes',
  troubleshooting: 'Troubleshooting',
  features: 'Features',
  api: 'API',
};

/** The fixed flag exists only for these; its label differs (section 4). */
export const FIXED_FLAG_LABELS: Partial<Record<TAdminDocCategory, { badge: string; box: string }>> =
  {
    troubleshooting: { badge: 'Fixed', box: 'Mark as Fixed' },
    meeting_notes: { badge: 'Resolved', box: 'Mark as Resolved' },
  };

export const canBeFixed = (category: TAdminDocCategory) =>
  FIXED_FLAG_LABELS[category] !== undefined;

/**
 * The toolbar's four font sizes. Normal is the text's own size, so choosing it removes the
 * size; the sanitiser lets through exactly these values and no other.
 */
export const ADMIN_DOC_FONT_SIZES = [
  { label: 'Small', value: '12px' },
  { label: 'Normal', value: null },
  { label: 'Large', value: '20px' },
  { label: 'Extra Large', value: '24px' },
] as const;

export const ADMIN_DOC_ALIGNMENTS = ['left', 'center', 'right'] as const;

export const ADMIN_DOC_LIMITS = {
  title: 200,
  /** Characters of HTML; a long manual with styling stays well inside it. */
  content: 200_000,
  changeNotes: 500,
} as const;

export const ADMIN_DOC_MESSAGES = {
  loadListFailed: 'Failed to load documentation',
  loadFailed: 'Failed to load document',
  createFailed: 'Failed to create documentation',
  updateFailed: 'Failed to update documentation',
  deleteFailed: 'Failed to delete documentation',
  created: 'Documentation created successfully',
  updated: 'Documentation updated successfully',
  deleted: 'Documentation deleted successfully',
  confirmDelete: 'Are you sure you want to delete this documentation?',
  placeholder: 'Write your documentation here...',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  notFound: 'Document not found',
  versionNotFound: 'Version not found',
} as const;

/** The 409 a stale save gets: who saved in between and which version is now current. */
export const staleSaveMessage = (options: { updatedBy: string; version: number }) =>
  `This document was changed by ${options.updatedBy} (now v${options.version}) after you opened it. ` +
  'Your changes were not saved: reload the document, then apply them again.';

/** A document as the list shows it (no content: the list never draws it). */
export const ZAdminDocSummary = z.object({
  doc_id: z.number().int(),
  title: z.string(),
  category: z.enum(ADMIN_DOC_CATEGORIES),
  is_fixed: z.boolean(),
  version: z.number().int(),
  /** The name of the admin who saved this version. */
  updated_by: z.string(),
  /** ISO 8601, UTC. */
  updated_at: z.string(),
});
export type TAdminDocSummary = z.infer<typeof ZAdminDocSummary>;

/** One version of a document: the current one, or an earlier one opened from the history. */
export const ZAdminDoc = ZAdminDocSummary.extend({
  /** HTML, sanitised by the server when it was saved. */
  content: z.string(),
  change_notes: z.string().nullable(),
});
export type TAdminDoc = z.infer<typeof ZAdminDoc>;

export const ZAdminDocHistoryEntry = z.object({
  version: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string(),
  change_notes: z.string().nullable(),
});
export type TAdminDocHistoryEntry = z.infer<typeof ZAdminDocHistoryEntry>;

export const ZAdminDocListResponse = z.object({
  success: z.literal(true),
  documents: z.array(ZAdminDocSummary),
});

export const ZAdminDocDetailResponse = z.object({
  success: z.literal(true),
  /** The version asked for (the current one unless ?version= names another). */
  document: ZAdminDoc,
  /** The current version number, so an earlier version can be told apart. */
  latest_version: z.number().int(),
  /** Every version, newest first. */
  history: z.array(ZAdminDocHistoryEntry),
});
export type TAdminDocDetailResponse = z.infer<typeof ZAdminDocDetailResponse>;

const ZDocId = z.coerce.number().int().min(1).max(2_147_483_647);

export const ZAdminDocQuery = z.object({
  doc_id: ZDocId.optional(),
  version: ZDocId.optional(),
});

export const ZAdminDocParams = z.object({ doc_id: ZDocId });

/** What the form sends; the server trims, sanitises the content and checks it again. */
export const ZAdminDocInput = z.object({
  title: ZLine()
    .trim()
    .min(1, ADMIN_DOC_MESSAGES.titleRequired)
    .max(ADMIN_DOC_LIMITS.title, `Title must be at most ${ADMIN_DOC_LIMITS.title} characters`),
  content: ZText()
    .min(1, ADMIN_DOC_MESSAGES.contentRequired)
    .max(
      ADMIN_DOC_LIMITS.content,
      `Content must be at most ${ADMIN_DOC_LIMITS.content.toLocaleString('en-US')} characters`,
    ),
  category: z.enum(ADMIN_DOC_CATEGORIES).default(DEFAULT_ADMIN_DOC_CATEGORY),
  change_notes: ZLine()
    .trim()
    .max(
      ADMIN_DOC_LIMITS.changeNotes,
      `Change notes must be at most ${ADMIN_DOC_LIMITS.changeNotes} characters`,
    )
    .nullish(),
  is_fixed: z.boolean().default(false),
});
export type TAdminDocInput = z.input<typeof ZAdminDocInput>;

/** An edit names the version it started from, so a save over someone else's is refused. */
export const ZAdminDocUpdate = ZAdminDocInput.extend({
  expected_version: z.number().int().min(1),
});
export type TAdminDocUpdate = z.input<typeof ZAdminDocUpdate>;

export const ZAdminDocSaveResponse = z.object({
  success: z.literal(true),
  doc_id: z.number().int(),
  version: z.number().int(),
  message: z.string(),
});

export const ZAdminDocDeleteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});

/**
 * Whether sanitised HTML shows any text: '<p></p>' (an emptied editor) or a list of blank
 * items does not. Tags are stripped by pattern, which is sound only for the sanitiser's
 * well-formed output.
 */
export const hasVisibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, '')
    .trim().length > 0;
