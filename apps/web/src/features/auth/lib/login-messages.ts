import type { TLoginResponse } from '@portal/domain/auth-api';
import type { TMfaChallengeResponse } from '@portal/domain/mfa-api';
import { AUTH_MESSAGES, friendlyStatusMessage } from '@portal/domain/messages';
import { ApiError } from '../../../lib/api-client';

/** The spec's login fallbacks (core.md section 8), each for one way a sign-in fails. */
export const LOGIN_FALLBACKS = {
  /** The server answered, refusing the sign-in, without saying why. */
  refused: 'Invalid credentials',
  /** The server answered with an HTTP error that carries no text of its own. */
  failed: 'Login failed',
  /** No usable answer: the network, or an answer that breaks the contract. */
  unexpected: 'An error occurred during login',
} as const;

/** POST /api/login answered `{ success: false, message }`: the sign-in was refused. */
export class LoginRefusedError extends Error {}

/** An answer claiming success without the user (or the challenge) it must carry. */
class LoginAnswerError extends Error {}

/** What POST /api/login answers a right password: a session, or a second step to take. */
export type TLoginAnswer = TLoginResponse | TMfaChallengeResponse;

/** The password was right and the account asks for a second factor (issue 35). */
export const isMfaChallenge = (answer: TLoginAnswer): answer is TMfaChallengeResponse =>
  'mfa_required' in answer;

/**
 * The user of a successful sign-in, the challenge of one that owes a second factor, or the
 * refusal a 2xx answer can also carry (core.md section 7: success, message), thrown as a
 * LoginRefusedError with the server's message. Checked by hand, not with zod: /login loads
 * no schema before the first send (decisions.md, "Typed reads in the browser").
 */
export const readLoginAnswer = (answer: unknown): TLoginAnswer => {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as {
    success?: unknown;
    message?: unknown;
    user?: unknown;
    mfa_required?: unknown;
    challenge?: unknown;
    methods?: unknown;
  };
  if (body.success === false) {
    throw new LoginRefusedError(typeof body.message === 'string' ? body.message : '');
  }
  if (body.success === true && body.mfa_required === true) {
    if (typeof body.challenge !== 'string' || !body.challenge || !Array.isArray(body.methods)) {
      throw new LoginAnswerError('The sign-in answer asks for a second factor without a challenge');
    }
    return answer as TMfaChallengeResponse;
  }
  if (body.success !== true || typeof body.user !== 'object' || body.user === null) {
    throw new LoginAnswerError('The sign-in answer carries no user');
  }
  return answer as TLoginResponse;
};

/**
 * Which message a failed sign-in shows (core.md section 8): the server's own words when it
 * gave some, else the spec's text for that kind of failure. A 401 is a wrong email or
 * password ('Invalid credentials. Please check...'); a refusal in a 2xx answer is
 * 'Invalid credentials'; any other HTTP error is its status's friendly message, or 'Login
 * failed'; no answer at all is 'An error occurred during login'.
 */
export const loginErrorMessage = (error: unknown): string => {
  if (error instanceof LoginRefusedError) {
    return error.message.trim() || LOGIN_FALLBACKS.refused;
  }
  if (!(error instanceof ApiError) || error.status === 0) {
    return LOGIN_FALLBACKS.unexpected;
  }
  const said = error.serverError?.trim() || undefined;
  if (error.status === 401) {
    return said ?? AUTH_MESSAGES.invalidCredentials;
  }
  return said ?? friendlyStatusMessage(error.status) ?? LOGIN_FALLBACKS.failed;
};
