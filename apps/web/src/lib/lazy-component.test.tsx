import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

/** A chunk that arrives when the test says so, and counts how often it was fetched. */
const deferredChunk = () => {
  let arrive: () => void = () => undefined;
  let fetches = 0;
  const load = () => {
    fetches += 1;
    return new Promise<{ Screen: () => React.JSX.Element }>((resolve) => {
      arrive = () => resolve({ Screen: () => <p>The screen</p> });
    });
  };
  return { load, arrive: () => arrive(), fetches: () => fetches };
};

const inSuspense = (Page: React.ComponentType) => (
  <Suspense fallback={<p>Waiting for the chunk</p>}>
    <Page />
  </Suspense>
);

describe('lazyComponent', () => {
  it('shows the fallback until the chunk arrives, then the screen', async () => {
    const chunk = deferredChunk();
    const Page = lazyComponent(chunk.load, (module) => module.Screen);
    render(inSuspense(Page));
    expect(screen.getByText('Waiting for the chunk')).toBeTruthy();
    await act(async () => {
      chunk.arrive();
      await Promise.resolve();
    });
    expect(await screen.findByText('The screen')).toBeTruthy();
  });

  it('draws a preloaded screen on the first render, without suspending, from one download', async () => {
    const chunk = deferredChunk();
    const Page = lazyComponent(chunk.load, (module) => module.Screen);
    const preloading = Page.preload();
    void Page.preload();
    chunk.arrive();
    await preloading;
    render(inSuspense(Page));
    // Synchronously after render: React.lazy alone would show the fallback here.
    expect(screen.getByText('The screen')).toBeTruthy();
    expect(screen.queryByText('Waiting for the chunk')).toBeNull();
    expect(chunk.fetches()).toBe(1);
  });

  it('keeps the screen mounted (and its state) when its parent renders again after the chunk arrived', async () => {
    const chunk = deferredChunk();
    let renders = 0;
    const Counter = () => {
      const [mountedAt] = useState(() => (renders += 1));
      return <p>Mounted {mountedAt}</p>;
    };
    const Page = lazyComponent(
      () => chunk.load().then(() => ({ Counter })),
      (module) => module.Counter,
    );
    const { rerender } = render(inSuspense(Page));
    await act(async () => {
      chunk.arrive();
      await Promise.resolve();
    });
    expect(await screen.findByText('Mounted 1')).toBeTruthy();
    rerender(inSuspense(Page));
    expect(screen.getByText('Mounted 1')).toBeTruthy();
  });

  it('asks again after a failed download instead of failing for good', async () => {
    let attempts = 0;
    const Page = lazyComponent(
      () => {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new Error('network lost'))
          : Promise.resolve({ Screen: () => <p>The screen</p> });
      },
      (module) => module.Screen,
    );
    await expect(Page.preload()).rejects.toThrow('network lost');
    await Page.preload();
    render(inSuspense(Page));
    expect(screen.getByText('The screen')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
