import { useCallback, useEffect, useRef, useState } from 'react';
import { local } from '../../../lib/storage-keys';
import {
  idleState,
  inputEffect,
  keepAliveDue,
  shouldRecordActivity,
  type TIdleState,
} from '../lib/idle-rules';

/**
 * Shared by every tab of the browser, so input in one keeps the others signed in (the storage
 * event tells them at once). Timestamps only: nothing about the user or the patient.
 */
export const LAST_ACTIVITY_KEY = 'idle_last_activity_at';
export const LAST_KEEP_ALIVE_KEY = 'idle_last_keep_alive_at';

const TICK_MS = 1000;
const INPUT_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
  'focusin',
] as const;

/** Kept in memory too: when storage is refused the tab still times itself. */
type TStamps = { activity: number; keepAlive: number };

const readStamp = (key: string) => {
  const value = Number(local.get(key));
  return Number.isFinite(value) ? value : 0;
};
const lastActivityAt = (stamps: TStamps) => Math.max(stamps.activity, readStamp(LAST_ACTIVITY_KEY));
const lastKeepAliveAt = (stamps: TStamps) =>
  Math.max(stamps.keepAlive, readStamp(LAST_KEEP_ALIVE_KEY));
const writeActivity = (stamps: TStamps, now: number) => {
  stamps.activity = now;
  local.set(LAST_ACTIVITY_KEY, String(now));
};
const writeKeepAlive = (stamps: TStamps, now: number) => {
  stamps.keepAlive = now;
  local.set(LAST_KEEP_ALIVE_KEY, String(now));
};

/** Re-render only when the phase or the countdown's second changes. */
const sameState = (a: TIdleState, b: TIdleState) =>
  a.phase === b.phase &&
  (a.phase !== 'warning' ||
    b.phase !== 'warning' ||
    Math.ceil(a.remainingMs / 1000) === Math.ceil(b.remainingMs / 1000));

type TIdleTimerOptions = {
  /** Thirty minutes without input: called once. */
  onExpire: () => void;
  /** The user is at work but the server has not heard from the app for a while. */
  onKeepAlive: () => void;
};

/**
 * The screen's idle clock (idle-rules.ts): listens for input in this tab, reads the last input
 * of every tab, and checks the time every second against Date.now(), so timers throttled in
 * a background tab or stopped by sleep catch up on the next tick.
 */
export const useIdleTimer = ({ onExpire, onKeepAlive }: TIdleTimerOptions) => {
  const [state, setState] = useState<TIdleState>({ phase: 'active' });
  const stamps = useRef<TStamps>({ activity: 0, keepAlive: 0 });
  const expired = useRef(false);
  const callbacks = useRef({ onExpire, onKeepAlive });
  useEffect(() => {
    callbacks.current = { onExpire, onKeepAlive };
  });

  useEffect(() => {
    const tick = () => {
      if (expired.current) {
        return;
      }
      const now = Date.now();
      const activity = lastActivityAt(stamps.current);
      const next = idleState(now, activity);
      setState((previous) => (sameState(previous, next) ? previous : next));
      if (next.phase === 'expired') {
        expired.current = true;
        callbacks.current.onExpire();
        return;
      }
      const keepAlive = lastKeepAliveAt(stamps.current);
      if (keepAliveDue({ now, lastActivityAt: activity, lastKeepAliveAt: keepAlive })) {
        writeKeepAlive(stamps.current, now);
        callbacks.current.onKeepAlive();
      }
    };
    const onInput = () => {
      const now = Date.now();
      const activity = lastActivityAt(stamps.current);
      const effect = inputEffect(idleState(now, activity));
      if (effect === 'expire') {
        tick();
      } else if (effect === 'record' && shouldRecordActivity(now, activity)) {
        writeActivity(stamps.current, now);
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) {
        tick();
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        tick();
      }
    };

    // Opening a signed-in screen is activity, and the server has just seen the session.
    const now = Date.now();
    writeActivity(stamps.current, now);
    writeKeepAlive(stamps.current, now);
    const interval = window.setInterval(tick, TICK_MS);
    const listenOptions = { capture: true, passive: true } as const;
    for (const name of INPUT_EVENTS) {
      window.addEventListener(name, onInput, listenOptions);
    }
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(interval);
      for (const name of INPUT_EVENTS) {
        window.removeEventListener(name, onInput, listenOptions);
      }
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  /** 'Stay signed in': counts as input even during the warning. False once it is too late. */
  const keepActive = useCallback(() => {
    const now = Date.now();
    if (expired.current || idleState(now, lastActivityAt(stamps.current)).phase === 'expired') {
      return false;
    }
    writeActivity(stamps.current, now);
    // The caller tells the server itself.
    writeKeepAlive(stamps.current, now);
    setState({ phase: 'active' });
    return true;
  }, []);

  return { state, keepActive };
};
