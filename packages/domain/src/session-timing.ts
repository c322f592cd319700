const MINUTE = 60_000;

/**
 * Automatic logoff (HIPAA): a session with no activity for this long is over. The server
 * ends it after this long without a request; the web app after this long without input.
 */
export const SESSION_IDLE_TIMEOUT_MS = 30 * MINUTE;

/** The web app warns this long after the last input, two minutes before it signs out. */
export const SESSION_IDLE_WARNING_MS = 28 * MINUTE;
