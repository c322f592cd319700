/**
 * Operations the contract run does not call, each with the reason. Only requests that reach
 * the operation are left out: the fuzzer's requests to invalid paths and methods beside it
 * still run. Everything else is called, including writes (they act on the run's own data).
 */
export const SKIPPED_OPERATIONS: Record<string, string> = {
  'POST /api/logout': 'ends the admin session every later request is sent with',
};
