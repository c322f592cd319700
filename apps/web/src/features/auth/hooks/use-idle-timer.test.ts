import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_EVERY_MS } from '../lib/idle-rules';
import { LAST_ACTIVITY_KEY, useIdleTimer } from './use-idle-timer';

const MINUTE = 60_000;

const setup = () => {
  const onExpire = vi.fn();
  const onKeepAlive = vi.fn();
  const hook = renderHook(() => useIdleTimer({ onExpire, onKeepAlive }));
  return { onExpire, onKeepAlive, hook };
};

/** Moves the clock and lets the one-second ticks run, as a tab left open would. */
const wait = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};
const press = () => {
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown'));
  });
};

describe('useIdleTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 6, 9, 0, 0) });
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns after 28 minutes without input and expires once at 30', () => {
    const { hook, onExpire } = setup();
    wait(28 * MINUTE - 1000);
    expect(hook.result.current.state.phase).toBe('active');
    wait(1000);
    expect(hook.result.current.state).toEqual({ phase: 'warning', remainingMs: 2 * MINUTE });
    wait(2 * MINUTE + 5000);
    expect(hook.result.current.state.phase).toBe('expired');
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('restarts the clock on input, but not on input during the warning', () => {
    const { hook } = setup();
    wait(20 * MINUTE);
    press();
    wait(20 * MINUTE);
    expect(hook.result.current.state.phase).toBe('active');
    wait(9 * MINUTE);
    expect(hook.result.current.state.phase).toBe('warning');
    press();
    wait(1000);
    expect(hook.result.current.state.phase).toBe('warning');
  });

  it('keeps the session through Stay signed in', () => {
    const { hook, onExpire } = setup();
    wait(29 * MINUTE);
    act(() => {
      hook.result.current.keepActive();
    });
    expect(hook.result.current.state.phase).toBe('active');
    wait(27 * MINUTE);
    expect(hook.result.current.state.phase).toBe('active');
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('counts input in another tab', () => {
    const { hook } = setup();
    wait(25 * MINUTE);
    // Another tab writes its input; the browser tells this one with a storage event.
    const now = String(Date.now());
    localStorage.setItem(LAST_ACTIVITY_KEY, now);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY, newValue: now }));
    });
    wait(25 * MINUTE);
    expect(hook.result.current.state.phase).toBe('active');
  });

  it('expires on the first input after a sleep past the deadline, not revives', () => {
    const { hook, onExpire } = setup();
    // Asleep: the clock moved, no timer ran.
    vi.setSystemTime(Date.now() + 45 * MINUTE);
    press();
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(hook.result.current.state.phase).toBe('expired');
  });

  it('tells the server about input at most every two minutes', () => {
    const { onKeepAlive } = setup();
    wait(10 * MINUTE);
    expect(onKeepAlive).not.toHaveBeenCalled();
    press();
    wait(1000);
    expect(onKeepAlive).toHaveBeenCalledTimes(1);
    wait(10_000);
    press();
    // The first call went out 10 s ago; the next is due KEEP_ALIVE_EVERY_MS after it.
    wait(KEEP_ALIVE_EVERY_MS - 11_000);
    expect(onKeepAlive).toHaveBeenCalledTimes(1);
    wait(1000);
    expect(onKeepAlive).toHaveBeenCalledTimes(2);
  });
});
