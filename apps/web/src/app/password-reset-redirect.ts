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

export const redirectLoopDetected = () => session.get(SESSION_KEYS.redirectLoopDetected) !== null;

/** Records a loop when /change-password follows /change-password; redirects stop from then on. */
export const noteVisit = (pathname: string, previousPath: string | undefined) => {
  if (pathname === CHANGE_PASSWORD_PATH && previousPath === CHANGE_PASSWORD_PATH) {
    session.set(SESSION_KEYS.redirectLoopDetected, 'true');
  }
};

/** Whether a user who must change their password is sent to /change-password from here. */
export const mustRedirectToChangePassword = (options: {
  passwordResetRequired: boolean;
  pathname: string;
  resetJustCompleted: boolean;
}): boolean =>
  options.passwordResetRequired &&
  options.pathname !== CHANGE_PASSWORD_PATH &&
  !options.resetJustCompleted &&
  !redirectLoopDetected();
