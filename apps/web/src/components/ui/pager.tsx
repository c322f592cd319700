const pagerButton =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50';

type TPagerProps = {
  /** Names the list the pager moves through, e.g. 'Patients'. */
  label: string;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
};

/** Previous, 'Page X of Y', Next; nothing at all when everything fits on one page. */
export const Pager = ({ label, page, pages, onPageChange, disabled = false }: TPagerProps) => {
  if (pages <= 1) {
    return null;
  }
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className={pagerButton}
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </button>
      <span className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className={pagerButton}
        disabled={disabled || page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
};
