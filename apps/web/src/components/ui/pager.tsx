import { Button } from './button';

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
      <Button size="sm" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button size="sm" disabled={disabled || page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
};
