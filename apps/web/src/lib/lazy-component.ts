import { createElement, lazy, type ComponentType } from 'react';

/** A component in its own chunk, with a way to start downloading it before it renders. */
export type TLazyComponent<TProps extends object = object> = ComponentType<TProps> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy over a named export: a route's screen, or a part of one that waits for a use
 * (a dialog). The import is started once and shared, so a preload (at start-up, in parallel
 * with the session check, or when the page is idle) is the same download React waits for
 * when it renders. A component whose chunk is already there is drawn directly: React.lazy
 * would suspend on it once anyway, and React holds back a suspended screen's reveal for up
 * to 300 ms to batch it with others.
 */
export const lazyComponent = <TModule, TProps extends object = object>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType<TProps>,
): TLazyComponent<TProps> => {
  let loading: Promise<{ default: ComponentType<TProps> }> | undefined;
  let loaded: ComponentType<TProps> | undefined;
  // A failed download is forgotten, so the next preload or render asks again rather
  // than failing for good on one lost connection.
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return { default: loaded };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const Component = (props: TProps) => createElement(loaded ?? Lazy, props);
  return Object.assign(Component, { preload });
};
