import { createElement, lazy, type ComponentType } from 'react';

/** A route's screen in its own chunk, with a way to start downloading it before it renders. */
export type TLazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy over a named export. The import is started once and shared, so a
 * preload at start-up (in parallel with the session check) is the same download
 * React waits for when the route renders. A screen whose chunk is already there is
 * drawn directly: React.lazy would suspend on it once anyway, and React holds back a
 * suspended screen's reveal for up to 300 ms to batch it with others.
 */
export const lazyPage = <TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): TLazyPage => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = pick(module);
      return { default: loaded };
    }));
  const Lazy = lazy(preload);
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
};
