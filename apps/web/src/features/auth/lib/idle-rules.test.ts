import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_TIMEOUT_MS, SESSION_IDLE_WARNING_MS } from '@portal/domain/session-timing';
import {
  KEEP_ALIVE_EVERY_MS,
  RECORD_ACTIVITY_EVERY_MS,
  formatCountdown,
  idleState,
  inputEffect,
  keepAliveDue,
  shouldRecordActivity,
} from './idle-rules';

const MINUTE = 60_000;
const start = Date.UTC(2025, 0, 6, 9, 0, 0);

describe('idleState', () => {
  it('warns at 28 minutes and signs out at 30, as the server does', () => {
    expect(SESSION_IDLE_WARNING_MS).toBe(28 * MINUTE);
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(30 * MINUTE);
  });

  it('is active until the 28th minute without input', () => {
    expect(idleState(start, start)).toEqual({ phase: 'active' });
    expect(idleState(start + 28 * MINUTE - 1, start)).toEqual({ phase: 'active' });
  });

  it('warns from the 28th minute with the time left until the logoff', () => {
    expect(idleState(start + 28 * MINUTE, start)).toEqual({
      phase: 'warning',
      remainingMs: 2 * MINUTE,
    });
    expect(idleState(start + 30 * MINUTE - 1, start)).toEqual({
      phase: 'warning',
      remainingMs: 1,
    });
  });

  it('is expired from the 30th minute, however long the computer slept', () => {
    expect(idleState(start + 30 * MINUTE, start)).toEqual({ phase: 'expired' });
    expect(idleState(start + 9 * 60 * MINUTE, start)).toEqual({ phase: 'expired' });
  });

  it('counts activity stamped in the future (a clock set back) as now', () => {
    expect(idleState(start, start + 40 * MINUTE)).toEqual({ phase: 'active' });
  });
});

describe('inputEffect', () => {
  it('records input while active, ignores it during the warning, expires after', () => {
    expect(inputEffect({ phase: 'active' })).toBe('record');
    expect(inputEffect({ phase: 'warning', remainingMs: 1000 })).toBe('ignore');
    expect(inputEffect({ phase: 'expired' })).toBe('expire');
  });
});

describe('shouldRecordActivity', () => {
  it('writes at most every few seconds, and again after the clock went back', () => {
    expect(shouldRecordActivity(start + RECORD_ACTIVITY_EVERY_MS - 1, start)).toBe(false);
    expect(shouldRecordActivity(start + RECORD_ACTIVITY_EVERY_MS, start)).toBe(true);
    expect(shouldRecordActivity(start - 1, start)).toBe(true);
  });
});

describe('keepAliveDue', () => {
  it('tells the server only about input it has not heard of', () => {
    expect(
      keepAliveDue({
        now: start + 10 * MINUTE,
        lastActivityAt: start,
        lastKeepAliveAt: start,
      }),
    ).toBe(false);
  });

  it('waits KEEP_ALIVE_EVERY_MS after the previous call', () => {
    const options = { lastActivityAt: start + 1000, lastKeepAliveAt: start };
    expect(keepAliveDue({ ...options, now: start + KEEP_ALIVE_EVERY_MS - 1 })).toBe(false);
    expect(keepAliveDue({ ...options, now: start + KEEP_ALIVE_EVERY_MS })).toBe(true);
  });

  it('follows the last input within KEEP_ALIVE_EVERY_MS, long before the warning', () => {
    // Input just after a call: the next call still comes after that input.
    const lastActivityAt = start + 1000;
    const due = start + KEEP_ALIVE_EVERY_MS;
    expect(keepAliveDue({ now: due, lastActivityAt, lastKeepAliveAt: start })).toBe(true);
    expect(due).toBeGreaterThan(lastActivityAt);
    expect(due - lastActivityAt).toBeLessThan(SESSION_IDLE_TIMEOUT_MS - SESSION_IDLE_WARNING_MS);
  });

  it('stops once the warning shows: then only Stay signed in keeps the session', () => {
    expect(
      keepAliveDue({
        now: start + 29 * MINUTE,
        lastActivityAt: start + 1000,
        lastKeepAliveAt: start,
      }),
    ).toBe(false);
  });
});

describe('formatCountdown', () => {
  it('shows minutes and seconds, rounded up', () => {
    expect(formatCountdown(2 * MINUTE)).toBe('2:00');
    expect(formatCountdown(61_001)).toBe('1:02');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
