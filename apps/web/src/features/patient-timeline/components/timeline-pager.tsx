type TProps = {
  page: number;
  pages: number;
  busy: boolean;
  onPage: (page: number) => void;
};

const pagerButton =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:text-slate-400';

/** Previous, 'Page X of Y', Next; shown only when there is more than one page. */
export const TimelinePager = ({ page, pages, busy, onPage }: TProps) => {
  if (pages <= 1) {
    return null;
  }
  return (
    <nav aria-label="Order pages" className="mt-6 flex items-center justify-between gap-3">
      <button
        type="button"
        className={pagerButton}
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {pages}
      </p>
      <button
        type="button"
        className={pagerButton}
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
};
