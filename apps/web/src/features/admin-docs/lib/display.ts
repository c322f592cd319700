import { formatDateTime, formatInstantDate } from '@portal/domain/format';
import {
  ADMIN_DOC_CATEGORY_LABELS,
  FIXED_FLAG_LABELS,
  type TAdminDocCategory,
} from '@portal/domain/admin-docs-api';
import { ApiError } from '../../../lib/api-client';

export const categoryLabel = (category: TAdminDocCategory) => ADMIN_DOC_CATEGORY_LABELS[category];

/** 'Fixed' or 'Resolved' when the flag is set and the category has one; otherwise nothing. */
export const fixedBadge = (category: TAdminDocCategory, isFixed: boolean) =>
  isFixed ? FIXED_FLAG_LABELS[category]?.badge : undefined;

/** The update date in the list (MM/DD/YYYY), in the viewer's time zone. */
export const formatUpdateDate = (iso: string) => formatInstantDate(iso);

/** Date and time for the document view and its history ('11/25/2026, 1:24 PM'). */
export const formatTimestamp = (iso: string) => formatDateTime(iso);

/**
 * The spec's failure text, followed by the server's reason when it gave one the admin can
 * act on (a 409 stale save, a 400 naming the field); a server fault or a lost connection
 * keeps the spec's text alone.
 */
export const failureText = (fallback: string, error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.serverError !== undefined
    ? `${fallback}: ${error.serverError}`
    : fallback;

/** Lists and paragraphs as the editor shows them, in the view too (Tailwind resets them). */
export const richTextClass =
  'text-slate-900 [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6';
