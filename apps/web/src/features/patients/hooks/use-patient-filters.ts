import { useEffect, useState } from 'react';
import { readDashboardLink } from '../lib/dashboard-link';
import { normalizeSearch } from '@portal/domain/patients-rules';

/** Patient search waits this long after the last keystroke (core.md section 2). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The patient list's search, page and favourites-only switch. Typed text becomes the
 * search 500 ms after the last keystroke, if it is empty or 2+ characters, and a new
 * search starts again at page 1.
 */
export const usePatientFilters = () => {
  // A dashboard link may start the list searched for one patient.
  const [linked] = useState(() => normalizeSearch(readDashboardLink().search) ?? '');
  const [input, setInput] = useState(linked);
  const [applied, setApplied] = useState({ search: linked, page: 1 });
  const [favoritesOnly, setFavoritesOnly] = useState(false);

  useEffect(() => {
    const next = normalizeSearch(input);
    if (next === undefined) {
      return undefined;
    }
    const timer = window.setTimeout(() => {
      setApplied((current) => (current.search === next ? current : { search: next, page: 1 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  return {
    input,
    setInput,
    search: applied.search,
    page: applied.page,
    setPage: (page: number) => setApplied((current) => ({ ...current, page })),
    favoritesOnly,
    toggleFavoritesOnly: () => setFavoritesOnly((only) => !only),
    /** Clear filters: the search goes at once, without waiting for the debounce. */
    clear: () => {
      setInput('');
      setApplied({ search: '', page: 1 });
    },
  };
};

export type TPatientFilters = ReturnType<typeof usePatientFilters>;
