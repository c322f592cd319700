/** Pauses between sign-out attempts: three attempts in all, within about two seconds. */
export const SIGN_OUT_RETRY_DELAYS_MS = [400, 1200] as const;

/**
 * 'still-signed-in': the server did not end the session, so the HttpOnly cookies still sign
 * this browser in and the app must not show the login page as if the user had left.
 */
export type TSignOutOutcome = 'signed-out' | 'still-signed-in';

type TEndSessionOptions = {
  /** One logout request: resolves once the server has ended the session and cleared the cookies. */
  requestLogout: () => Promise<unknown>;
  /** Whether the server still honours the session; rejects when it cannot be asked. */
  sessionStands: () => Promise<boolean>;
  delaysMs?: readonly number[];
  wait?: (ms: number) => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Ends the session on the server, trying again after a short pause when a request fails (a 5xx,
 * a dropped connection). Once every attempt has failed the server is asked whether the session
 * still stands: a logout that ended it but failed afterwards counts as signed out. A server
 * that cannot be asked leaves the session standing, as its cookies do.
 */
export const endServerSession = async ({
  requestLogout,
  sessionStands,
  delaysMs = SIGN_OUT_RETRY_DELAYS_MS,
  wait = sleep,
}: TEndSessionOptions): Promise<TSignOutOutcome> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await requestLogout();
      return 'signed-out';
    } catch {
      // tried again after the pause, or judged below
    }
    const delay = delaysMs[attempt];
    if (delay === undefined) {
      break;
    }
    await wait(delay);
  }
  try {
    return (await sessionStands()) ? 'still-signed-in' : 'signed-out';
  } catch {
    return 'still-signed-in';
  }
};
