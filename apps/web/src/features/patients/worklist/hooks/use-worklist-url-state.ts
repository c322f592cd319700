import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  readWorklistState,
  writeWorklistState,
  type TWorklistState,
} from '../lib/worklist-url-state';

export type TWorklistUrlState = {
  state: TWorklistState;
  /**
   * Moves the screen to the next state: a new history entry, so Back and Forward walk
   * through the changes; `replace` for steps of one change (the search as it is typed).
   */
  update: (
    next: (state: TWorklistState) => TWorklistState,
    options?: { replace?: boolean },
  ) => void;
  /** The query of a state, for links that open it (a row's order). */
  hrefFor: (next: TWorklistState) => string;
};

/** The worklist's filters, sort, page and open order, read from and written to the URL. */
export const useWorklistUrlState = (): TWorklistUrlState => {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // Parsed once per address: the state's identity changes only when the URL does.
  const state = useMemo(() => readWorklistState(new URLSearchParams(query)), [query]);
  const update = useCallback<TWorklistUrlState['update']>(
    (next, options) =>
      setParams((current) => writeWorklistState(next(readWorklistState(current))), {
        replace: options?.replace ?? false,
        preventScrollReset: true,
      }),
    [setParams],
  );
  const hrefFor = useCallback((next: TWorklistState) => {
    const text = writeWorklistState(next).toString();
    return text ? `?${text}` : '?';
  }, []);
  return { state, update, hrefFor };
};
