import { SESSION_IDLE_TIMEOUT_MS } from '@portal/domain/session-timing';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Lifetimes of sign-in sessions and their tokens (decisions.md, "Sessions"). */
export const SESSION_POLICY = {
  accessTokenMs: 15 * MINUTE,
  /** Automatic logoff: a session with no request for this long is over, remember-me or not. */
  idleTimeoutMs: SESSION_IDLE_TIMEOUT_MS,
  /** Absolute limit of a session without remember-me. */
  sessionMaxMs: 12 * HOUR,
  /** Absolute limit of a remember-me session; its refresh cookie persists this long. */
  rememberMeMaxMs: 30 * DAY,
  /**
   * Two tabs may refresh with the same token at once; the loser of that race is not a
   * thief. Within this window the replaced token is answered without new cookies.
   */
  refreshReuseGraceMs: 10_000,
  /** last_seen_at is written at most this often, so reads do not all become writes. */
  touchEveryMs: MINUTE,
} as const;

/** Password reset links (core.md section 9: expiry 1 hour). */
export const RESET_TOKEN_TTL_MS = HOUR;
