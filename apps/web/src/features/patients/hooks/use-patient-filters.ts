import { useEffect, useRef, useState } from 'react';
import { normalizeSearch } from '@portal/domain/patients-rules';

/** Patient search waits this long after the last keystroke (core.md section 2). */
export const SEARCH_DEBOUNCE_MS = 500;

type TSearchSource = {
  /** The applied search (the dashboard's address holds it). */
  search: string;
  onSearchChange: (search: string) => void;
};

/**
 * The patient list's search, page and favourites-only switch. Typed text becomes the
 * search 500 ms after the last keystroke, if it is empty or 2+ characters, and a new
 * search (or the favourites list) starts again at page 1. The box follows a search that
 * changes from outside (Back, a pasted link).
 */
export const usePatientFilters = ({ search, onSearchChange }: TSearchSource) => {
  const [input, setInput] = useState(search);
  const [seen, setSeen] = useState(search);
  if (seen !== search) {
    setSeen(search);
    if (normalizeSearch(input) !== search) {
      setInput(search);
    }
  }
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [paging, setPaging] = useState({ scope: '', page: 1 });
  const scope = `${search}|${favoritesOnly}`;
  const page = paging.scope === scope ? paging.page : 1;

  // The latest callback, so a render for another reason does not restart the wait.
  const report = useRef(onSearchChange);
  useEffect(() => {
    report.current = onSearchChange;
  });
  useEffect(() => {
    const next = normalizeSearch(input);
    if (next === undefined || next === search) {
      return undefined;
    }
    const timer = window.setTimeout(() => report.current(next), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input, search]);

  return {
    input,
    setInput,
    search,
    page,
    setPage: (next: number) => setPaging({ scope, page: next }),
    /** Back to page 1 (another payor's list). */
    resetPage: () => setPaging({ scope: '', page: 1 }),
    favoritesOnly,
    toggleFavoritesOnly: () => setFavoritesOnly((only) => !only),
    /** Clear filters: the search goes at once, without waiting for the debounce. */
    clear: () => {
      setInput('');
      onSearchChange('');
    },
  };
};

export type TPatientFilters = ReturnType<typeof usePatientFilters>;
