/** Browser storage keys the spec names (core.md section 3). */
export const LOCAL_KEYS = {
  cmStatus: 'cm_status',
  cmSubStatus: 'cm_subStatus',
  cmDateType: 'cm_dateType',
  cmStartDate: 'cm_startDate',
  cmEndDate: 'cm_endDate',
  csErrors: 'cs_errors',
  userState: 'user_state',
  passwordResetCompleted: 'password_reset_completed',
  forceDashboardRedirect: 'force_dashboard_redirect',
} as const;

export const SESSION_KEYS = {
  redirectLoopDetected: 'auth_redirect_loop_detected',
  freshLoginPasswordReset: 'fresh_login_password_reset',
  /** Not the spec's: times of the recent automatic redirects, for the loop rule. */
  redirectHistory: 'auth_redirect_history',
} as const;

/** Storage can throw (private mode, quota); none of these keys is worth a crash. */
export const safeStorage = (storage: () => Storage) => ({
  get: (key: string): string | null => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string) => {
    try {
      storage().setItem(key, value);
    } catch {
      // ignored: see above
    }
  },
  remove: (key: string) => {
    try {
      storage().removeItem(key);
    } catch {
      // ignored: see above
    }
  },
});

export const local = safeStorage(() => window.localStorage);
export const session = safeStorage(() => window.sessionStorage);

/** Clears the order screen's saved filters (cm_*), as logout must. */
export const clearOrderFilterKeys = () => {
  for (const key of [
    LOCAL_KEYS.cmStatus,
    LOCAL_KEYS.cmSubStatus,
    LOCAL_KEYS.cmDateType,
    LOCAL_KEYS.cmStartDate,
    LOCAL_KEYS.cmEndDate,
  ]) {
    local.remove(key);
  }
};
