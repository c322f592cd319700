import { LOCAL_KEYS, SESSION_KEYS, local, session } from '../lib/storage-keys';

export const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * Reads and clears the flags a completed password change leaves (core.md section 4); while
 * they were set, the next screen skips the reset check once.
 */
export const consumeResetCompletion = (): boolean => {
  const completed =
    local.get(LOCAL_KEYS.passwordResetCompleted) !== null ||
    local.get(LOCAL_KEYS.forceDashboardRedirect) !== null;
  local.remove(LOCAL_KEYS.passwordResetCompleted);
  local.remove(LOCAL_KEYS.forceDashboardRedirect);
  return completed;
};

let completedThisLoad: boolean | undefined;

/**
 * consumeResetCompletion, once per page load: the change-password screen ends with a hard
 * redirect, so the flags are read by the first guard of the new page and then stay read.
 */
export const resetCompletedThisLoad = (): boolean =>
  (completedThisLoad ??= consumeResetCompletion());

/** Whether this user must change their password before anything else. */
export const isPasswordChangeForced = (user: { password_reset_required: boolean }) =>
  user.password_reset_required && !resetCompletedThisLoad();

/**
 * The spec's loop rule (core.md section 4), pure: the current and the previous path are
 * both /change-password.
 */
export const isChangePasswordLoop = (options: {
  previousPath: string | undefined;
  currentPath: string;
}): boolean =>
  options.previousPath === CHANGE_PASSWORD_PATH && options.currentPath === CHANGE_PASSWORD_PATH;

// The location shown before this one, in this page load (a reload starts with none).
let previousLocation: { key: string; pathname: string } | undefined;

/**
 * Notes each location the app shows and sets the spec's loop flag when it and the one
 * before are both /change-password. A location is noted once, however often it renders.
 */
export const noteLocation = (location: { key: string; pathname: string }) => {
  if (previousLocation?.key === location.key) {
    return;
  }
  if (
    isChangePasswordLoop({
      previousPath: previousLocation?.pathname,
      currentPath: location.pathname,
    })
  ) {
    session.set(SESSION_KEYS.redirectLoopDetected, 'true');
  }
  previousLocation = { key: location.key, pathname: location.pathname };
};

/**
 * A backstop beside the spec's rule, for the loop it cannot see: redirects bouncing between
 * /change-password and another path (the spec's pair of /change-password paths never forms
 * there, and the redirects it counts never end on such a pair, so it never fires first).
 * It is this many automatic redirects to /change-password within the window with no click
 * or key press of the user's in between: a person is never that fast.
 */
export const LOOP_RULE = { redirects: 5, windowMs: 1_000 } as const;

/** The loop rule (pure): do these redirect times, at `now`, make a loop? */
export const isRedirectLoop = (options: {
  redirectTimes: readonly number[];
  lastUserInputAt: number;
  now: number;
}): boolean =>
  options.redirectTimes.filter(
    (at) => at > options.lastUserInputAt && options.now - at <= LOOP_RULE.windowMs,
  ).length >= LOOP_RULE.redirects;

export const redirectLoopDetected = () => session.get(SESSION_KEYS.redirectLoopDetected) !== null;

// In memory: a page load (typed address, reload) has had no input yet.
let lastUserInputAt = 0;

/** A click or key press of the user's: redirects before it are not part of a loop. */
export const noteUserInput = (now = Date.now()) => {
  lastUserInputAt = now;
  session.remove(SESSION_KEYS.redirectHistory);
};

const readHistory = (): number[] => {
  try {
    const parsed: unknown = JSON.parse(session.get(SESSION_KEYS.redirectHistory) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((at): at is number => typeof at === 'number') : [];
  } catch {
    return [];
  }
};

/**
 * Records one automatic redirect to /change-password (kept in session storage, so a loop
 * of page loads counts too) and sets the spec's loop flag when they make a loop.
 */
export const noteAutomaticRedirect = (now = Date.now()) => {
  const history = [
    ...readHistory().filter((at) => at > lastUserInputAt && now - at <= LOOP_RULE.windowMs),
    now,
  ];
  session.set(SESSION_KEYS.redirectHistory, JSON.stringify(history));
  if (isRedirectLoop({ redirectTimes: history, lastUserInputAt, now })) {
    session.set(SESSION_KEYS.redirectLoopDetected, 'true');
  }
};

/**
 * Whether a user who must change their password is kept from this screen. Whether they
 * are sent to /change-password or (after a loop, when redirects stop) shown the way
 * there, they never see the screen itself.
 */
export const mustRedirectToChangePassword = (options: {
  passwordResetRequired: boolean;
  pathname: string;
  resetJustCompleted: boolean;
}): boolean =>
  options.passwordResetRequired &&
  options.pathname !== CHANGE_PASSWORD_PATH &&
  !options.resetJustCompleted;
