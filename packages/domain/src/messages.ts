const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/** Friendly messages by HTTP status (core.md section 8). */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad request. Please check your input and try again.',
  403: "You don't have permission to perform this action.",
  404: 'The requested resource was not found.',
  408: 'Request timeout. Please try again.',
  429: TOO_MANY_REQUESTS,
  500: 'Server error. Please try again later or contact support.',
  502: 'Service temporarily unavailable. Please try again later.',
  503: 'Service unavailable. Please try again later.',
  504: 'Request timeout. The server took too long to respond.',
};

export const friendlyStatusMessage = (status: number): string | undefined =>
  STATUS_MESSAGES[status];

/** Texts both sides use; the spec quotes them exactly. */
export const AUTH_MESSAGES = {
  /** A 403 carrying this error flags the user for the forced password change. */
  passwordResetRequired: 'Password reset required',
  /**
   * A 403 carrying this error: the user's role requires a second factor and they have none;
   * only enrolment, check-auth and logout answer until they add one (issue 35).
   */
  mfaEnrolmentRequired: 'Two-step verification required',
  sessionExpired: 'Your session has expired. Please login again.',
  invalidCredentials: 'Invalid credentials. Please check your username and password.',
  loginSuccessful: 'Login successful',
  passwordUpdated: 'Password updated successfully',
  invalidResetToken: 'Invalid or expired reset token',
  /** A right temporary password past TEMPORARY_PASSWORD_DAYS (issue 35). */
  temporaryPasswordExpired:
    'Your temporary password has expired. Use Forgot password? to get a new link by email.',
  tooManyRequests: TOO_MANY_REQUESTS,
  noPermissionPage: "You don't have permission to access this page.",
} as const;
