import { formatLocalDateTime } from '@portal/domain/format';
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

/** The update date in the list, in the viewer's time zone. */
export const formatUpdateDate = (iso: string) =>
  formatLocalDateTime(new Date(iso), { year: 'numeric', month: 'short', day: 'numeric' });

/** Date and time for the document view and its history. */
export const formatTimestamp = (iso: string) =>
  formatLocalDateTime(new Date(iso), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

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

export const badgeClass = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

export const categoryBadgeClass: Record<TAdminDocCategory, string> = {
  meeting_notes: 'bg-sky-100 text-sky-800',
  troubleshooting: 'bg-amber-100 text-amber-900',
  features: 'bg-violet-100 text-violet-800',
  api: 'bg-slate-200 text-slate-800',
};

export const fixedBadgeClass = 'bg-green-100 text-green-800';

export const secondaryButtonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60';

export const dangerButtonClass =
  'rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60';

/** Lists and paragraphs as the editor shows them, in the view too (Tailwind resets them). */
export const richTextClass =
  'text-slate-900 [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6';
