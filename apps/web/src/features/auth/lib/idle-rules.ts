import { SESSION_IDLE_TIMEOUT_MS, SESSION_IDLE_WARNING_MS } from '@portal/domain/session-timing';

const MINUTE = 60_000;

/**
 * While the user is at work the app calls the server this often at most, so the server's
 * idle clock (which only sees requests) never runs out before the screen's does. The call
 * comes after input, so the server has seen the session within this long after the last
 * input, well before the warning at 28 minutes.
 */
export const KEEP_ALIVE_EVERY_MS = 2 * MINUTE;

/**
 * Input is stored at most this often: pointer moves come by the hundred a second, and every
 * write wakes the other tabs. The logoff can come this much early, never late.
 */
export const RECORD_ACTIVITY_EVERY_MS = 5_000;

export type TIdleState =
  { phase: 'active' } | { phase: 'warning'; remainingMs: number } | { phase: 'expired' };

/**
 * Where the session stands `now`, given the last input in any tab. Compared on every tick
 * rather than timed by one long timeout, so a computer that slept past the deadline signs
 * out as soon as it wakes. A last activity in the future (the clock set back) counts as now.
 */
export const idleState = (now: number, lastActivityAt: number): TIdleState => {
  const idleMs = Math.max(0, now - lastActivityAt);
  if (idleMs >= SESSION_IDLE_TIMEOUT_MS) {
    return { phase: 'expired' };
  }
  if (idleMs >= SESSION_IDLE_WARNING_MS) {
    return { phase: 'warning', remainingMs: SESSION_IDLE_TIMEOUT_MS - idleMs };
  }
  return { phase: 'active' };
};

/**
 * What a user's input does: while active it is recorded; during the warning only the
 * dialog's button keeps the session (moving focus into the dialog is input too); past the
 * deadline the session is over, whatever the input, and the first touch after a long sleep
 * must not revive it.
 */
export const inputEffect = (state: TIdleState): 'record' | 'ignore' | 'expire' =>
  state.phase === 'active' ? 'record' : state.phase === 'warning' ? 'ignore' : 'expire';

/** Whether stored activity is old enough to be written again (see RECORD_ACTIVITY_EVERY_MS). */
export const shouldRecordActivity = (now: number, lastActivityAt: number) =>
  now - lastActivityAt >= RECORD_ACTIVITY_EVERY_MS || now < lastActivityAt;

/**
 * Whether to tell the server the user is still there: only after input it has not heard
 * about, at most every KEEP_ALIVE_EVERY_MS, and never once the screen's own clock has run
 * into the warning (then only 'Stay signed in' keeps the session).
 */
export const keepAliveDue = (options: {
  now: number;
  lastActivityAt: number;
  lastKeepAliveAt: number;
}) =>
  options.lastActivityAt > options.lastKeepAliveAt &&
  options.now - options.lastKeepAliveAt >= KEEP_ALIVE_EVERY_MS &&
  idleState(options.now, options.lastActivityAt).phase === 'active';

/** The countdown as m:ss, rounded up so it reads 0:00 only at the logoff. */
export const formatCountdown = (remainingMs: number) => {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
