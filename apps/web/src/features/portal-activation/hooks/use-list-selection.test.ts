import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useListSelection } from './use-list-selection';

const PAGE_ONE = ['K-1', 'K-2', 'K-3'];

const render = () =>
  renderHook(({ listKey, shown }) => useListSelection(listKey, shown), {
    initialProps: { listKey: 'search=;page=1', shown: PAGE_ONE },
  });

describe('useListSelection', () => {
  it('selects the page, one patient and clears', () => {
    const { result } = render();
    act(() => result.current.togglePage(true));
    expect([...result.current.selected]).toEqual(PAGE_ONE);
    act(() => result.current.toggle('K-2'));
    expect([...result.current.selected]).toEqual(['K-1', 'K-3']);
    act(() => result.current.clear());
    expect(result.current.selected.size).toBe(0);
  });

  it('holds nothing the list on screen does not show', () => {
    const { result, rerender } = render();
    act(() => result.current.togglePage(true));
    // Another search (or payor, or page): nothing of the old list stays selected,
    // even while the old rows are still drawn as the new ones load.
    rerender({ listKey: 'search=zz;page=1', shown: PAGE_ONE });
    expect(result.current.selected.size).toBe(0);
    rerender({ listKey: 'search=zz;page=1', shown: [] });
    expect(result.current.selected.size).toBe(0);
    // Back to the first list: it starts afresh too.
    rerender({ listKey: 'search=;page=1', shown: PAGE_ONE });
    expect(result.current.selected.size).toBe(0);
    // The same list reloaded without a patient (activated elsewhere): that one drops out.
    act(() => result.current.togglePage(true));
    rerender({ listKey: 'search=;page=1', shown: ['K-1', 'K-3'] });
    expect([...result.current.selected]).toEqual(['K-1', 'K-3']);
  });
});
