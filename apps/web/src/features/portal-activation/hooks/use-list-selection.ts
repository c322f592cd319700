import { useMemo, useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

/**
 * The patients ticked on the list on screen. A selection belongs to one list (one search,
 * payor and page): moving to another list clears it, and a key the list no longer shows
 * (or a list that failed to load) drops out, so what is selected is always in view.
 */
export const useListSelection = (listKey: string, shownKeys: readonly string[]) => {
  const [picked, setPicked] = useState<{ listKey: string; keys: ReadonlySet<string> }>({
    listKey,
    keys: NONE,
  });
  // Another list clears the selection for good: coming back to the first list does not
  // bring the old ticks back.
  if (picked.listKey !== listKey) {
    setPicked({ listKey, keys: NONE });
  }
  const current = picked.listKey === listKey ? picked.keys : NONE;
  const selected = useMemo(
    () => new Set(shownKeys.filter((key) => current.has(key))),
    [shownKeys, current],
  );

  const change = (edit: (next: Set<string>) => void) => {
    const next = new Set(selected);
    edit(next);
    setPicked({ listKey, keys: next });
  };

  return {
    selected: selected as ReadonlySet<string>,
    toggle: (key: string) =>
      change((next) => {
        if (!next.delete(key)) {
          next.add(key);
        }
      }),
    /** Selects or unselects every patient the list shows. */
    togglePage: (select: boolean) =>
      change((next) => {
        for (const key of shownKeys) {
          if (select) {
            next.add(key);
          } else {
            next.delete(key);
          }
        }
      }),
    clear: () => setPicked((previous) => ({ ...previous, keys: NONE })),
  };
};
