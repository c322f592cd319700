import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, usePatientFilters } from './use-patient-filters';

/** The filters with the applied search held as the dashboard's address would hold it. */
const useFilters = (initial = '') => {
  const [search, setSearch] = useState(initial);
  const filters = usePatientFilters({ search, onSearchChange: setSearch });
  return { ...filters, setApplied: setSearch };
};

describe('usePatientFilters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies typed text 500 ms after the last keystroke, back on page 1', () => {
    const { result } = renderHook(() => useFilters());
    act(() => result.current.setPage(3));
    act(() => result.current.setInput('  sm'));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(result.current.search).toBe('');
    expect(result.current.page).toBe(3);
    act(() => result.current.setInput('  smi '));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.search).toBe('smi');
    expect(result.current.page).toBe(1);
    // The box keeps what was typed, spaces and all.
    expect(result.current.input).toBe('  smi ');
  });

  it('ignores a single character but searches again when the box is emptied', () => {
    const { result } = renderHook(() => useFilters());
    act(() => result.current.setInput('jo'));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    act(() => result.current.setInput('j'));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.search).toBe('jo');
    act(() => result.current.setInput(''));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.search).toBe('');
  });

  it('starts from a linked search and follows one that changes from outside (Back)', () => {
    const { result } = renderHook(() => useFilters('doe'));
    expect(result.current.input).toBe('doe');
    act(() => result.current.setApplied('smith'));
    expect(result.current).toMatchObject({ input: 'smith', search: 'smith' });
  });

  it('clears the search at once; favourites-only has its own pages', () => {
    const { result } = renderHook(() => useFilters());
    act(() => result.current.setInput('doe'));
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    act(() => result.current.setPage(2));
    act(() => result.current.clear());
    expect(result.current).toMatchObject({ input: '', search: '', page: 1 });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.search).toBe('');
    act(() => result.current.setPage(4));
    act(() => result.current.toggleFavoritesOnly());
    expect(result.current).toMatchObject({ favoritesOnly: true, page: 1 });
  });
});
