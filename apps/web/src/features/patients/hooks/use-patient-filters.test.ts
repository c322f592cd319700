import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, usePatientFilters } from './use-patient-filters';

describe('usePatientFilters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies typed text 500 ms after the last keystroke, back on page 1', () => {
    const { result } = renderHook(() => usePatientFilters());
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
  });

  it('ignores a single character but searches again when the box is emptied', () => {
    const { result } = renderHook(() => usePatientFilters());
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

  it('clears the search at once and toggles favourites-only', () => {
    const { result } = renderHook(() => usePatientFilters());
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
    act(() => result.current.toggleFavoritesOnly());
    expect(result.current.favoritesOnly).toBe(true);
  });
});
