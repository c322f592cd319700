import { lazy, type ComponentType } from 'react';

/** A route's screen in its own chunk, with a way to start downloading it before it renders. */
export type TLazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy over a named export. The import is started once and shared, so a
 * preload at start-up (in parallel with the session check) is the same download
 * React waits for when the route renders.
 */
export const lazyPage = <TModule>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): TLazyPage => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= load().then((module) => ({ default: pick(module) })));
  return Object.assign(lazy(preload), { preload });
};
